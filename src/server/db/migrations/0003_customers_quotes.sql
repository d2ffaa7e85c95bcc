CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"contact_person" text,
	"email" text,
	"phone" text,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content" text,
	"pricing_unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_blocks_kind_check" CHECK ("quote_blocks"."kind" in ('TEXT', 'PRICING')),
	CONSTRAINT "quote_blocks_pricing_unit_check" CHECK (("quote_blocks"."kind" = 'TEXT' and "quote_blocks"."pricing_unit" is null) or ("quote_blocks"."kind" = 'PRICING' and "quote_blocks"."pricing_unit" in ('DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ITEMS', 'NONE')))
);
--> statement-breakpoint
CREATE TABLE "quote_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"amount" numeric(12, 3) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_number_counters" (
	"account_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "quote_number_counters_account_id_year_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid,
	"quote_number" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"nano_id" text NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"signable" boolean DEFAULT true NOT NULL,
	"quote_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"customer_snapshot" jsonb,
	"published_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('DRAFT', 'PUBLISHED', 'SIGNED')),
	CONSTRAINT "quotes_language_check" CHECK ("quotes"."language" in ('ENG', 'NL')),
	CONSTRAINT "quotes_currency_check" CHECK ("quotes"."currency" in ('EUR', 'USD', 'GBP')),
	CONSTRAINT "quotes_dates_check" CHECK ("quotes"."expiration_date" >= "quotes"."quote_date"),
	CONSTRAINT "quotes_nano_id_check" CHECK (length("quotes"."nano_id") >= 22 and "quotes"."nano_id" ~ '^[A-Za-z0-9_-]+$'),
	CONSTRAINT "quotes_name_length_check" CHECK (length("quotes"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_blocks" ADD CONSTRAINT "quote_blocks_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_block_id_quote_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."quote_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_number_counters" ADD CONSTRAINT "quote_number_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_account_id_id_key" ON "customers" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "customers_account_name_idx" ON "customers" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_account_created_idx" ON "customers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_blocks_quote_position_idx" ON "quote_blocks" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_line_items_block_position_idx" ON "quote_line_items" USING btree ("block_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_account_number_key" ON "quotes" USING btree ("account_id","quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_nano_id_key" ON "quotes" USING btree ("nano_id");--> statement-breakpoint
CREATE INDEX "quotes_account_created_idx" ON "quotes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id");--> statement-breakpoint
-- Hand-written below this line (drizzle-kit cannot express these).
-- A quote's customer belongs to the quote's account; deleting the customer keeps the quote and
-- clears only customer_id (PostgreSQL 15+ column list on SET NULL).
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."customers"("account_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
-- Quote lifecycle rules, enforced for every code path (including raw SQL):
--  * a new quote is a draft;
--  * status moves only DRAFT→PUBLISHED, PUBLISHED→DRAFT (withdraw), PUBLISHED→SIGNED;
--  * a published or signed quote's content never changes (its customer link may only be cleared,
--    which is what deleting the customer does); a signed quote's status and dates never change;
--  * only drafts can be deleted, unless the whole account is being deleted.
CREATE FUNCTION "offerly_quotes_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'DRAFT' THEN
      RAISE EXCEPTION 'offerly:quote_locked: a new quote must be a draft';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'DRAFT' AND EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id) THEN
      RAISE EXCEPTION 'offerly:quote_locked: only a draft quote can be deleted (quote %)', OLD.id;
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'DRAFT' AND NEW.status = 'PUBLISHED')
    OR (OLD.status = 'PUBLISHED' AND NEW.status IN ('DRAFT', 'SIGNED'))
  ) THEN
    RAISE EXCEPTION 'offerly:quote_transition: % to % is not allowed (quote %)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF OLD.status <> 'DRAFT' THEN
    IF (NEW.id, NEW.account_id, NEW.quote_number, NEW.name, NEW.slug, NEW.nano_id, NEW.language, NEW.currency,
        NEW.signable, NEW.quote_date, NEW.expiration_date, NEW.customer_snapshot, NEW.created_at)
       IS DISTINCT FROM
       (OLD.id, OLD.account_id, OLD.quote_number, OLD.name, OLD.slug, OLD.nano_id, OLD.language, OLD.currency,
        OLD.signable, OLD.quote_date, OLD.expiration_date, OLD.customer_snapshot, OLD.created_at)
       OR (NEW.customer_id IS DISTINCT FROM OLD.customer_id AND NEW.customer_id IS NOT NULL) THEN
      RAISE EXCEPTION 'offerly:quote_locked: quote % is %, its content cannot change', OLD.id, OLD.status;
    END IF;
    IF OLD.status = 'SIGNED' AND (NEW.published_at, NEW.signed_at) IS DISTINCT FROM (OLD.published_at, OLD.signed_at) THEN
      RAISE EXCEPTION 'offerly:quote_locked: quote % is signed', OLD.id;
    END IF;
  END IF;
  IF NEW.status = 'SIGNED' AND NEW.signed_at IS NULL THEN
    NEW.signed_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_guard" BEFORE INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "offerly_quotes_guard"();--> statement-breakpoint
-- Blocks and line items of a published or signed quote cannot be added, changed or removed.
-- FOR SHARE waits for a concurrent publish to finish, so an edit cannot slip in beside it.
CREATE FUNCTION "offerly_quote_blocks_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT status INTO s FROM quotes WHERE id = OLD.quote_id FOR SHARE;
    IF s IS NOT NULL AND s <> 'DRAFT' THEN
      RAISE EXCEPTION 'offerly:quote_locked: the blocks of a % quote cannot change', s;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT status INTO s FROM quotes WHERE id = NEW.quote_id FOR SHARE;
    IF s IS NOT NULL AND s <> 'DRAFT' THEN
      RAISE EXCEPTION 'offerly:quote_locked: the blocks of a % quote cannot change', s;
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_blocks_guard" BEFORE INSERT OR UPDATE OR DELETE ON "quote_blocks" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_blocks_guard"();--> statement-breakpoint
CREATE FUNCTION "offerly_quote_line_items_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT q.status INTO s FROM quote_blocks b JOIN quotes q ON q.id = b.quote_id WHERE b.id = OLD.block_id FOR SHARE OF q;
    IF s IS NOT NULL AND s <> 'DRAFT' THEN
      RAISE EXCEPTION 'offerly:quote_locked: the line items of a % quote cannot change', s;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT q.status INTO s FROM quote_blocks b JOIN quotes q ON q.id = b.quote_id WHERE b.id = NEW.block_id FOR SHARE OF q;
    IF s IS NOT NULL AND s <> 'DRAFT' THEN
      RAISE EXCEPTION 'offerly:quote_locked: the line items of a % quote cannot change', s;
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_line_items_guard" BEFORE INSERT OR UPDATE OR DELETE ON "quote_line_items" FOR EACH ROW EXECUTE FUNCTION "offerly_quote_line_items_guard"();
