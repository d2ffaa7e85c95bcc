CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"quote_id" uuid,
	"customer_id" uuid,
	"payload" jsonb NOT NULL,
	CONSTRAINT "domain_events_type_check" CHECK ("type" in ('quote.published', 'quote.withdrawn', 'quote.sent', 'quote.viewed', 'quote.question_asked', 'quote.declined', 'quote.signature_added', 'quote.signed', 'quote.pdf_ready', 'quote.expired', 'customer.created', 'customer.updated'))
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_account_occurred_idx" ON "domain_events" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "domain_events_quote_idx" ON "domain_events" USING btree ("quote_id");