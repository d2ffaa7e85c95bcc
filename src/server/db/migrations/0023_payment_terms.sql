ALTER TABLE "quotes" ADD COLUMN "payment_mode" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_percent" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_fixed_cents" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_pay_to_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_start_recurring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_payment_terms_check" CHECK ("quotes"."payment_mode" in ('NONE', 'DEPOSIT_PERCENT', 'DEPOSIT_FIXED', 'FULL')
        and ("quotes"."payment_mode" = 'DEPOSIT_PERCENT') = ("quotes"."payment_percent" is not null)
        and ("quotes"."payment_mode" = 'DEPOSIT_FIXED') = ("quotes"."payment_fixed_cents" is not null)
        and ("quotes"."payment_percent" is null or "quotes"."payment_percent" between 1 and 100)
        and ("quotes"."payment_fixed_cents" is null or "quotes"."payment_fixed_cents" between 1 and 100000000000));--> statement-breakpoint
-- The payment terms are content: like the rest, they cannot change once the quote is published or
-- signed (the guard of migration 0003 with the five payment columns added to the locked tuple).
CREATE OR REPLACE FUNCTION "offerly_quotes_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        NEW.signable, NEW.quote_date, NEW.expiration_date, NEW.customer_snapshot, NEW.created_at,
        NEW.payment_mode, NEW.payment_percent, NEW.payment_fixed_cents, NEW.payment_pay_to_accept, NEW.payment_start_recurring)
       IS DISTINCT FROM
       (OLD.id, OLD.account_id, OLD.quote_number, OLD.name, OLD.slug, OLD.nano_id, OLD.language, OLD.currency,
        OLD.signable, OLD.quote_date, OLD.expiration_date, OLD.customer_snapshot, OLD.created_at,
        OLD.payment_mode, OLD.payment_percent, OLD.payment_fixed_cents, OLD.payment_pay_to_accept, OLD.payment_start_recurring)
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
END $$;
