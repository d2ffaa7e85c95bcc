CREATE TABLE "quote_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"document_hash" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by_name" text,
	"published_by_email" text,
	CONSTRAINT "quote_versions_number_check" CHECK ("quote_versions"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quote_audit_events" ADD COLUMN "version_number" integer;--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD COLUMN "version_number" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_number_idx" ON "quote_versions" USING btree ("quote_id","number");--> statement-breakpoint
-- Hand-written below this line (drizzle-kit cannot express these). Decision 032.
-- Versions are append-only like the audit trail: the same guard (UPDATE and TRUNCATE refused;
-- DELETE only when the quote or the account goes in the same statement).
CREATE TRIGGER "quote_versions_append_only" BEFORE UPDATE OR DELETE ON "quote_versions" FOR EACH ROW EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
CREATE TRIGGER "quote_versions_no_truncate" BEFORE TRUNCATE ON "quote_versions" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
-- A version belongs to its quote's account and follows the previous one (1, 2, 3 …).
CREATE FUNCTION "offerly_quote_versions_insert_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a uuid;
  last integer;
BEGIN
  SELECT account_id INTO a FROM quotes WHERE id = NEW.quote_id FOR UPDATE;
  IF a IS DISTINCT FROM NEW.account_id THEN
    RAISE EXCEPTION 'offerly:quote_locked: version for another account''s quote';
  END IF;
  SELECT coalesce(max(number), 0) INTO last FROM quote_versions WHERE quote_id = NEW.quote_id;
  IF NEW.number <> last + 1 THEN
    RAISE EXCEPTION 'offerly:version_number: expected version %', last + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_versions_insert_guard" BEFORE INSERT ON "quote_versions" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_versions_insert_guard"();--> statement-breakpoint
-- A signature names the version it was placed on, and only the quote's current version can be
-- signed: a customer who saw version 1 never signs version 2 (the service says "changed, reload").
CREATE OR REPLACE FUNCTION "offerly_quote_signatures_insert_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s text;
  a uuid;
  current_version integer;
BEGIN
  SELECT status, account_id INTO s, a FROM quotes WHERE id = NEW.quote_id FOR SHARE;
  IF a IS DISTINCT FROM NEW.account_id THEN
    RAISE EXCEPTION 'offerly:quote_locked: signature for another account''s quote';
  END IF;
  IF s IS DISTINCT FROM 'PUBLISHED' THEN
    RAISE EXCEPTION 'offerly:quote_locked: a % quote cannot be signed', s;
  END IF;
  SELECT max(number) INTO current_version FROM quote_versions WHERE quote_id = NEW.quote_id;
  IF NEW.version_number IS DISTINCT FROM current_version THEN
    RAISE EXCEPTION 'offerly:version_stale: version % is not the current version %', NEW.version_number, current_version;
  END IF;
  RETURN NEW;
END $$;
