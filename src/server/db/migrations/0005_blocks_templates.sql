-- 0005: editable blocks (issue 10). The lifecycle guards of 0003 (quote_blocks_guard,
-- quote_line_items_guard) are row triggers on every INSERT / UPDATE / DELETE, so they cover the
-- new columns as they are: a published or signed quote's blocks and lines (content, discounts,
-- VAT, optional/recurring flags) cannot change.
CREATE TABLE "template_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" jsonb,
	"pricing_unit" text,
	"discount_type" text,
	"discount_value" numeric(20, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_blocks_account_id_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "template_blocks_kind_check" CHECK ("template_blocks"."kind" in ('TEXT', 'PRICING')),
	CONSTRAINT "template_blocks_pricing_unit_check" CHECK (("template_blocks"."kind" = 'TEXT' and "template_blocks"."pricing_unit" is null) or ("template_blocks"."kind" = 'PRICING' and "template_blocks"."pricing_unit" in ('DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ITEMS', 'NONE'))),
	CONSTRAINT "template_blocks_discount_check" CHECK (("template_blocks"."discount_type" is null and "template_blocks"."discount_value" is null) or ("template_blocks"."discount_type" in ('PERCENTAGE', 'AMOUNT') and "template_blocks"."discount_value" >= 0 and ("template_blocks"."discount_type" = 'AMOUNT' or "template_blocks"."discount_value" <= 100))),
	CONSTRAINT "template_blocks_name_length_check" CHECK (length("template_blocks"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "template_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" bigint NOT NULL,
	"amount" numeric(12, 3) DEFAULT '1' NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"discount_type" text,
	"discount_value" numeric(20, 2),
	"optional" boolean DEFAULT false NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_line_items_discount_check" CHECK (("template_line_items"."discount_type" is null and "template_line_items"."discount_value" is null) or ("template_line_items"."discount_type" in ('PERCENTAGE', 'AMOUNT') and "template_line_items"."discount_value" >= 0 and ("template_line_items"."discount_type" = 'AMOUNT' or "template_line_items"."discount_value" <= 100))),
	CONSTRAINT "template_line_items_vat_check" CHECK ("template_line_items"."vat_rate" >= 0 and "template_line_items"."vat_rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "template_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"signature" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_signatures_kind_check" CHECK ("template_signatures"."kind" in ('DRAWN', 'TYPED')),
	CONSTRAINT "template_signatures_name_length_check" CHECK (length("template_signatures"."name") between 1 and 100)
);
--> statement-breakpoint
-- Block content becomes the editor's JSON document: existing text becomes one paragraph per line
-- (an empty line an empty paragraph). A table rewrite fires no row triggers, so published quotes'
-- blocks convert too (their text is unchanged, only its form).
CREATE FUNCTION "offerly_text_to_document"(body text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN body IS NULL OR body = '' THEN NULL ELSE (
    SELECT jsonb_build_object('type', 'doc', 'content', jsonb_agg(
      CASE WHEN line = '' THEN jsonb_build_object('type', 'paragraph')
           ELSE jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', line))) END
      ORDER BY n))
    FROM regexp_split_to_table(body, E'\\r?\\n') WITH ORDINALITY AS t(line, n)
  ) END
$$;--> statement-breakpoint
ALTER TABLE "quote_blocks" ALTER COLUMN "content" SET DATA TYPE jsonb USING "offerly_text_to_document"("content");--> statement-breakpoint
DROP FUNCTION "offerly_text_to_document"(text);--> statement-breakpoint
ALTER TABLE "quote_blocks" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "quote_blocks" ADD COLUMN "discount_value" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "discount_value" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "selected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "recurring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "template_blocks" ADD CONSTRAINT "template_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_line_items" ADD CONSTRAINT "template_line_items_account_block_fk" FOREIGN KEY ("account_id","block_id") REFERENCES "public"."template_blocks"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_signatures" ADD CONSTRAINT "template_signatures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_blocks_account_updated_idx" ON "template_blocks" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "template_line_items_block_position_idx" ON "template_line_items" USING btree ("block_id","position");--> statement-breakpoint
CREATE INDEX "template_signatures_account_created_idx" ON "template_signatures" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "template_signatures_one_default_key" ON "template_signatures" USING btree ("account_id") WHERE "template_signatures"."is_default";--> statement-breakpoint
ALTER TABLE "quote_blocks" ADD CONSTRAINT "quote_blocks_discount_check" CHECK (("quote_blocks"."discount_type" is null and "quote_blocks"."discount_value" is null) or ("quote_blocks"."discount_type" in ('PERCENTAGE', 'AMOUNT') and "quote_blocks"."discount_value" >= 0 and ("quote_blocks"."discount_type" = 'AMOUNT' or "quote_blocks"."discount_value" <= 100)));--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_discount_check" CHECK (("quote_line_items"."discount_type" is null and "quote_line_items"."discount_value" is null) or ("quote_line_items"."discount_type" in ('PERCENTAGE', 'AMOUNT') and "quote_line_items"."discount_value" >= 0 and ("quote_line_items"."discount_type" = 'AMOUNT' or "quote_line_items"."discount_value" <= 100)));--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_vat_check" CHECK ("quote_line_items"."vat_rate" >= 0 and "quote_line_items"."vat_rate" <= 100);;