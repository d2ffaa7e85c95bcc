CREATE TABLE "billing_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"locale" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_rule" text NOT NULL,
	"vat_rate_percent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"sequence_type" text NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_rule" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_status_check" CHECK ("billing_payments"."status" in ('open', 'paid', 'failed', 'canceled', 'expired')),
	CONSTRAINT "billing_payments_sequence_check" CHECK ("billing_payments"."sequence_type" in ('first', 'recurring')),
	CONSTRAINT "billing_payments_amounts_check" CHECK ("billing_payments"."net_cents" >= 0 and "billing_payments"."vat_cents" >= 0 and "billing_payments"."total_cents" = "billing_payments"."net_cents" + "billing_payments"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_mandate_id" text,
	"provider_subscription_id" text,
	"plan" text,
	"interval" text,
	"status" text DEFAULT 'none' NOT NULL,
	"canceled_at" timestamp with time zone,
	"vat_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_status_check" CHECK ("billing_subscriptions"."status" in ('none', 'active', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_key" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_payment_key" ON "billing_invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_account_idx" ON "billing_invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_provider_payment_key" ON "billing_payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "billing_payments_account_idx" ON "billing_payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_provider_subscription_key" ON "billing_subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
-- Decision 021: one representation of the trial. Rows that disagree are settled by the interval
-- (SPEC §4: trial = no interval) before the check is added.
UPDATE "accounts" SET "subscription_plan" = 'TRIAL' WHERE "subscription_interval" IS NULL AND "subscription_plan" <> 'TRIAL';--> statement-breakpoint
UPDATE "accounts" SET "subscription_interval" = NULL WHERE "subscription_plan" = 'TRIAL' AND "subscription_interval" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_trial_check" CHECK (("accounts"."subscription_plan" = 'TRIAL') = ("accounts"."subscription_interval" is null));