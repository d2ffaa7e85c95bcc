CREATE TABLE "quote_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"signature_id" uuid NOT NULL,
	"version_number" integer,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"mollie_payment_id" text NOT NULL,
	"mollie_mode" text NOT NULL,
	"checkout_url" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_payments_status_check" CHECK ("quote_payments"."status" in ('open', 'pending', 'authorized', 'paid', 'failed', 'expired', 'canceled')),
	CONSTRAINT "quote_payments_amount_check" CHECK ("quote_payments"."amount_cents" > 0),
	CONSTRAINT "quote_payments_mode_check" CHECK ("quote_payments"."mollie_mode" in ('test', 'live'))
);
--> statement-breakpoint
ALTER TABLE "quote_audit_events" DROP CONSTRAINT "quote_audit_events_event_check";--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "quote_signatures" ADD COLUMN "payment" jsonb;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD CONSTRAINT "quote_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_payments" ADD CONSTRAINT "quote_payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_payments_mollie_id_idx" ON "quote_payments" USING btree ("mollie_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_payments_one_active_idx" ON "quote_payments" USING btree ("quote_id",coalesce("version_number", 0)) WHERE "quote_payments"."status" in ('open', 'pending', 'authorized', 'paid');--> statement-breakpoint
CREATE INDEX "quote_payments_quote_idx" ON "quote_payments" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "quote_audit_events" ADD CONSTRAINT "quote_audit_events_event_check" CHECK ("quote_audit_events"."event" in ('PUBLISHED', 'VIEWED', 'OPTION_CHANGED', 'SIGNED', 'MARKED_SIGNED', 'DECLINED', 'PAID'));--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("type" in ('quote.published', 'quote.withdrawn', 'quote.sent', 'quote.viewed', 'quote.question_asked', 'quote.declined', 'quote.signature_added', 'quote.signed', 'quote.pdf_ready', 'quote.expired', 'quote.payment.paid', 'quote.payment.failed', 'customer.created', 'customer.updated'));