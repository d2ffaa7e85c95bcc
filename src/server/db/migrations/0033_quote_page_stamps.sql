CREATE TABLE "quote_page_stamps" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"version" integer
);
--> statement-breakpoint
ALTER TABLE "quote_page_stamps" ADD CONSTRAINT "quote_page_stamps_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The public page's validity stamp (decision 072): one row per quote, bumped by triggers in the
-- same statement as every change that can change what the page shows, so the page cache's check
-- is one index lookup (quote by nanoId, this row, the account's shown columns) instead of six
-- correlated subqueries. Written only here (the primary); the read replica replays it with the
-- change that bumped it. The account's columns are read by the check itself (an account's change
-- would otherwise bump every one of its quotes).
--
-- Locks: a bump first locks the quote row (FOR NO KEY UPDATE; the services lock it FOR UPDATE
-- before they write), then the stamp row, so every writer takes the two in the same order.
CREATE FUNCTION "offerly_quote_page_stamp_bump"("quote" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "quotes" WHERE "id" = "quote" FOR NO KEY UPDATE;
  UPDATE "quote_page_stamps" SET "changes" = "changes" + 1 WHERE "quote_id" = "quote";
END $$;--> statement-breakpoint
-- A quote's rows that the page shows: signatures, payments, subscriptions, DocuSign envelopes and
-- conversation entries (a decline set or cleared), inserted, updated or deleted.
CREATE FUNCTION "offerly_quote_page_stamp_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "offerly_quote_page_stamp_bump"(NEW."quote_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "offerly_quote_page_stamp_bump"(OLD."quote_id");
  ELSE
    PERFORM "offerly_quote_page_stamp_bump"(NEW."quote_id");
    IF NEW."quote_id" IS DISTINCT FROM OLD."quote_id" THEN
      PERFORM "offerly_quote_page_stamp_bump"(OLD."quote_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_signatures_page_stamp" AFTER INSERT OR UPDATE OR DELETE ON "quote_signatures" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_page_stamp_child"();--> statement-breakpoint
CREATE TRIGGER "quote_payments_page_stamp" AFTER INSERT OR UPDATE OR DELETE ON "quote_payments" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_page_stamp_child"();--> statement-breakpoint
CREATE TRIGGER "quote_subscriptions_page_stamp" AFTER INSERT OR UPDATE OR DELETE ON "quote_subscriptions" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_page_stamp_child"();--> statement-breakpoint
CREATE TRIGGER "docusign_envelopes_page_stamp" AFTER INSERT OR UPDATE OR DELETE ON "docusign_envelopes" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_page_stamp_child"();--> statement-breakpoint
CREATE TRIGGER "quote_conversation_entries_page_stamp" AFTER INSERT OR UPDATE OR DELETE ON "quote_conversation_entries" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_page_stamp_child"();--> statement-breakpoint
-- Versions (append-only, deleted only with their quote): the current number, and a bump.
CREATE FUNCTION "offerly_quote_versions_page_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "quotes" WHERE "id" = NEW."quote_id" FOR NO KEY UPDATE;
    UPDATE "quote_page_stamps" SET "changes" = "changes" + 1, "version" = GREATEST(COALESCE("version", 0), NEW."number")
      WHERE "quote_id" = NEW."quote_id";
  ELSE
    UPDATE "quote_page_stamps" SET "changes" = "changes" + 1,
      "version" = (SELECT max(v."number") FROM "quote_versions" v WHERE v."quote_id" = OLD."quote_id")
      WHERE "quote_id" = OLD."quote_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_versions_page_stamp" AFTER INSERT OR DELETE ON "quote_versions" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_versions_page_stamp"();--> statement-breakpoint
-- The quote row itself: its stamp row is made with it, and any change of the row bumps it (the
-- row is locked by the update already).
CREATE FUNCTION "offerly_quotes_page_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "quote_page_stamps" ("quote_id") VALUES (NEW."id") ON CONFLICT ("quote_id") DO NOTHING;
  ELSE
    UPDATE "quote_page_stamps" SET "changes" = "changes" + 1 WHERE "quote_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_page_stamp_insert" AFTER INSERT ON "quotes" FOR EACH ROW EXECUTE FUNCTION "offerly_quotes_page_stamp"();--> statement-breakpoint
CREATE TRIGGER "quotes_page_stamp_update" AFTER UPDATE ON "quotes" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "offerly_quotes_page_stamp"();--> statement-breakpoint
-- Existing quotes: their row, with their current version.
INSERT INTO "quote_page_stamps" ("quote_id", "version")
  SELECT q."id", (SELECT max(v."number") FROM "quote_versions" v WHERE v."quote_id" = q."id") FROM "quotes" q
  ON CONFLICT ("quote_id") DO NOTHING;
