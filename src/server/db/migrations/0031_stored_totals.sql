DROP INDEX "quotes_account_created_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "totals" jsonb;--> statement-breakpoint
CREATE INDEX "quotes_account_created_number_idx" ON "quotes" USING btree ("account_id","created_at","quote_number");--> statement-breakpoint
-- Stored totals are never stale (decision 062): a change of a quote's blocks or lines that can
-- change its totals clears them in the same statement, whoever writes (the service writes the new
-- ones right after, in its transaction; any other writer leaves them empty and readers compute
-- them from the lines until the next change or the start-up backfill). One UPDATE per statement.
CREATE FUNCTION "offerly_quote_blocks_totals_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (SELECT "quote_id" FROM new_blocks WHERE "kind" = 'PRICING');
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (SELECT "quote_id" FROM old_blocks WHERE "kind" = 'PRICING');
  ELSE
    -- Name, text, position (a reorder) do not change totals; the pricing values do.
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (
      SELECT n."quote_id" FROM new_blocks n JOIN old_blocks o ON o."id" = n."id"
      WHERE (n."quote_id", n."kind", n."pricing_unit", n."discount_type", n."discount_value")
            IS DISTINCT FROM (o."quote_id", o."kind", o."pricing_unit", o."discount_type", o."discount_value")
      UNION SELECT o."quote_id" FROM new_blocks n JOIN old_blocks o ON o."id" = n."id" WHERE n."quote_id" <> o."quote_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_blocks_totals_stale_insert" AFTER INSERT ON "quote_blocks" REFERENCING NEW TABLE AS new_blocks FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_blocks_totals_stale"();--> statement-breakpoint
CREATE TRIGGER "quote_blocks_totals_stale_update" AFTER UPDATE ON "quote_blocks" REFERENCING OLD TABLE AS old_blocks NEW TABLE AS new_blocks FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_blocks_totals_stale"();--> statement-breakpoint
CREATE TRIGGER "quote_blocks_totals_stale_delete" AFTER DELETE ON "quote_blocks" REFERENCING OLD TABLE AS old_blocks FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_blocks_totals_stale"();--> statement-breakpoint
CREATE FUNCTION "offerly_quote_line_items_totals_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (
      SELECT b."quote_id" FROM "quote_blocks" b WHERE b."id" IN (SELECT "block_id" FROM new_lines));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (
      SELECT b."quote_id" FROM "quote_blocks" b WHERE b."id" IN (SELECT "block_id" FROM old_lines));
  ELSE
    UPDATE "quotes" SET "totals" = NULL WHERE "totals" IS NOT NULL AND "id" IN (
      SELECT b."quote_id" FROM "quote_blocks" b WHERE b."id" IN (SELECT "block_id" FROM new_lines UNION SELECT "block_id" FROM old_lines));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_line_items_totals_stale_insert" AFTER INSERT ON "quote_line_items" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_line_items_totals_stale"();--> statement-breakpoint
CREATE TRIGGER "quote_line_items_totals_stale_update" AFTER UPDATE ON "quote_line_items" REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_line_items_totals_stale"();--> statement-breakpoint
CREATE TRIGGER "quote_line_items_totals_stale_delete" AFTER DELETE ON "quote_line_items" REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "offerly_quote_line_items_totals_stale"();
