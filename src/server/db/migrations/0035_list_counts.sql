CREATE TABLE "account_list_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"quotes" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_account_name_idx";--> statement-breakpoint
ALTER TABLE "account_list_counts" ADD CONSTRAINT "account_list_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_account_name_id_idx" ON "customers" USING btree ("account_id",lower("name"),"id");--> statement-breakpoint
-- The lists' counts (decision 081): kept by the database whoever writes (the service, raw SQL,
-- test helpers), one upsert or update per statement (transition tables), so a bulk insert costs
-- one. A change of a row's account (none in the app) moves it between the two counts.
CREATE FUNCTION "offerly_list_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_TABLE_NAME = 'quotes' THEN
      UPDATE "account_list_counts" SET "quotes" = 0 WHERE "quotes" <> 0;
    ELSE
      UPDATE "account_list_counts" SET "customers" = 0 WHERE "customers" <> 0;
    END IF;
  ELSIF TG_OP = 'INSERT' AND TG_TABLE_NAME = 'quotes' THEN
    INSERT INTO "account_list_counts" ("account_id", "quotes")
      SELECT "account_id", count(*) FROM new_rows GROUP BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "quotes" = "account_list_counts"."quotes" + excluded."quotes";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "account_list_counts" ("account_id", "customers")
      SELECT "account_id", count(*) FROM new_rows GROUP BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "customers" = "account_list_counts"."customers" + excluded."customers";
  ELSIF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'quotes' THEN
    UPDATE "account_list_counts" c SET "quotes" = c."quotes" - d.n
      FROM (SELECT "account_id", count(*) AS n FROM old_rows GROUP BY "account_id") d WHERE c."account_id" = d."account_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "account_list_counts" c SET "customers" = c."customers" - d.n
      FROM (SELECT "account_id", count(*) AS n FROM old_rows GROUP BY "account_id") d WHERE c."account_id" = d."account_id";
  ELSIF TG_TABLE_NAME = 'quotes' THEN
    -- A row moved to another account (FOR EACH ROW, only when the account changed).
    UPDATE "account_list_counts" SET "quotes" = "quotes" - 1 WHERE "account_id" = OLD."account_id";
    INSERT INTO "account_list_counts" ("account_id", "quotes") VALUES (NEW."account_id", 1)
      ON CONFLICT ("account_id") DO UPDATE SET "quotes" = "account_list_counts"."quotes" + 1;
  ELSE
    UPDATE "account_list_counts" SET "customers" = "customers" - 1 WHERE "account_id" = OLD."account_id";
    INSERT INTO "account_list_counts" ("account_id", "customers") VALUES (NEW."account_id", 1)
      ON CONFLICT ("account_id") DO UPDATE SET "customers" = "account_list_counts"."customers" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_list_counts_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "quotes_list_counts_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "quotes_list_counts_truncate" AFTER TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "quotes_list_counts_move" AFTER UPDATE OF "account_id" ON "quotes" FOR EACH ROW WHEN (OLD."account_id" IS DISTINCT FROM NEW."account_id") EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_list_counts_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_list_counts_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_list_counts_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_list_counts_move" AFTER UPDATE OF "account_id" ON "customers" FOR EACH ROW WHEN (OLD."account_id" IS DISTINCT FROM NEW."account_id") EXECUTE FUNCTION "offerly_list_counts"();--> statement-breakpoint
-- The counts so far; writers wait until this migration commits (the triggers then count them).
LOCK TABLE "quotes", "customers" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "account_list_counts" ("account_id", "quotes", "customers")
  SELECT a."id", (SELECT count(*) FROM "quotes" q WHERE q."account_id" = a."id"), (SELECT count(*) FROM "customers" c WHERE c."account_id" = a."id")
  FROM "accounts" a
  ON CONFLICT ("account_id") DO UPDATE SET "quotes" = excluded."quotes", "customers" = excluded."customers";
