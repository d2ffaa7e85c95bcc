CREATE TABLE "quote_invoice_counters" (
	"account_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "quote_invoice_counters_account_id_year_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
CREATE TABLE "quote_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"quote_number" text NOT NULL,
	"quote_name" text NOT NULL,
	"mode" text NOT NULL,
	"percent" integer,
	"vat" jsonb NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "quote_invoice_counters" ADD CONSTRAINT "quote_invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_invoices" ADD CONSTRAINT "quote_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_invoices" ADD CONSTRAINT "quote_invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_invoices" ADD CONSTRAINT "quote_invoices_payment_id_quote_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."quote_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_invoices_number_key" ON "quote_invoices" USING btree ("account_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_invoices_payment_key" ON "quote_invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "quote_invoices_quote_idx" ON "quote_invoices" USING btree ("quote_id","issued_at");