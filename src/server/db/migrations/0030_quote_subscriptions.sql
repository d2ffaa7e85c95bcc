CREATE TABLE "quote_subscription_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"mollie_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"next_payment_date" date,
	"mollie_customer_id" text NOT NULL,
	"mollie_subscription_id" text,
	"mollie_mode" text NOT NULL,
	"payments_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_subscriptions_amount_check" CHECK ("quote_subscriptions"."amount_cents" > 0),
	CONSTRAINT "quote_subscriptions_interval_check" CHECK ("quote_subscriptions"."interval" in ('MONTH', 'QUARTER', 'YEAR')),
	CONSTRAINT "quote_subscriptions_status_check" CHECK ("quote_subscriptions"."status" in ('CREATING', 'PENDING', 'ACTIVE', 'SUSPENDED', 'CANCELED', 'COMPLETED'))
);
--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "quote_payments" ADD COLUMN "mollie_customer_id" text;--> statement-breakpoint
ALTER TABLE "quote_subscription_payments" ADD CONSTRAINT "quote_subscription_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subscription_payments" ADD CONSTRAINT "quote_subscription_payments_subscription_id_quote_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."quote_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subscriptions" ADD CONSTRAINT "quote_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subscriptions" ADD CONSTRAINT "quote_subscriptions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subscriptions" ADD CONSTRAINT "quote_subscriptions_payment_id_quote_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."quote_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_subscription_payments_mollie_id_idx" ON "quote_subscription_payments" USING btree ("mollie_payment_id");--> statement-breakpoint
CREATE INDEX "quote_subscription_payments_subscription_idx" ON "quote_subscription_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_subscriptions_payment_interval_key" ON "quote_subscriptions" USING btree ("payment_id","interval");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_subscriptions_mollie_id_idx" ON "quote_subscriptions" USING btree ("mollie_subscription_id");--> statement-breakpoint
CREATE INDEX "quote_subscriptions_account_idx" ON "quote_subscriptions" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "quote_subscriptions_quote_idx" ON "quote_subscriptions" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("type" in ('quote.published', 'quote.withdrawn', 'quote.sent', 'quote.viewed', 'quote.question_asked', 'quote.declined', 'quote.signature_added', 'quote.signed', 'quote.pdf_ready', 'quote.expired', 'quote.payment.paid', 'quote.payment.failed', 'quote.subscription.created', 'quote.subscription.canceled', 'customer.created', 'customer.updated'));