CREATE TABLE "quote_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_name" text,
	"actor_email" text,
	"ip" text,
	"user_agent" text,
	"document_hash" text,
	"details" jsonb,
	CONSTRAINT "quote_audit_events_event_check" CHECK ("quote_audit_events"."event" in ('PUBLISHED', 'VIEWED', 'OPTION_CHANGED', 'SIGNED', 'MARKED_SIGNED', 'DECLINED'))
);
--> statement-breakpoint
CREATE TABLE "quote_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"signature_kind" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"selection" jsonb,
	"document_hash" text,
	"ip" text,
	"user_agent" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_signatures_kind_check" CHECK ("quote_signatures"."kind" in ('CUSTOMER', 'ACCOUNT')),
	CONSTRAINT "quote_signatures_signature_kind_check" CHECK ("quote_signatures"."signature_kind" in ('DRAWN', 'TYPED')),
	CONSTRAINT "quote_signatures_name_length_check" CHECK (length("quote_signatures"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "quote_audit_events" ADD CONSTRAINT "quote_audit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_audit_events" ADD CONSTRAINT "quote_audit_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD CONSTRAINT "quote_signatures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD CONSTRAINT "quote_signatures_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_audit_events_quote_idx" ON "quote_audit_events" USING btree ("quote_id","seq");--> statement-breakpoint
CREATE INDEX "quote_signatures_quote_idx" ON "quote_signatures" USING btree ("quote_id","created_at");--> statement-breakpoint
-- Hand-written below this line (drizzle-kit cannot express these). Decision 024.
-- The audit trail is append-only: UPDATE is always refused; DELETE only when the quote itself is
-- or its account is gone in the same statement (a draft's deletion, or the account's: the cascade
-- runs after the parent row was removed, so it no longer sees it). A raw
-- "DELETE FROM quote_audit_events" while the quote exists is refused. TRUNCATE is refused too.
CREATE FUNCTION "offerly_append_only_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'offerly:append_only: % rows cannot be changed', TG_TABLE_NAME;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'offerly:append_only: % cannot be truncated', TG_TABLE_NAME;
  END IF;
  IF EXISTS (SELECT 1 FROM quotes WHERE id = OLD.quote_id) AND EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id) THEN
    RAISE EXCEPTION 'offerly:append_only: % rows cannot be deleted while their quote exists', TG_TABLE_NAME;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_audit_events_append_only" BEFORE UPDATE OR DELETE ON "quote_audit_events" FOR EACH ROW EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
CREATE TRIGGER "quote_audit_events_no_truncate" BEFORE TRUNCATE ON "quote_audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
CREATE TRIGGER "quote_signatures_append_only" BEFORE UPDATE OR DELETE ON "quote_signatures" FOR EACH ROW EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
CREATE TRIGGER "quote_signatures_no_truncate" BEFORE TRUNCATE ON "quote_signatures" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_append_only_guard"();--> statement-breakpoint
-- A signature is placed only on a published quote of the same account (FOR SHARE waits for a
-- concurrent "mark signed" to finish, which then makes this refuse).
CREATE FUNCTION "offerly_quote_signatures_insert_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s text;
  a uuid;
BEGIN
  SELECT status, account_id INTO s, a FROM quotes WHERE id = NEW.quote_id FOR SHARE;
  IF a IS DISTINCT FROM NEW.account_id THEN
    RAISE EXCEPTION 'offerly:quote_locked: signature for another account''s quote';
  END IF;
  IF s IS DISTINCT FROM 'PUBLISHED' THEN
    RAISE EXCEPTION 'offerly:quote_locked: a % quote cannot be signed', s;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_signatures_insert_guard" BEFORE INSERT ON "quote_signatures" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_signatures_insert_guard"();
