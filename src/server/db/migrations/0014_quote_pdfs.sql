CREATE TABLE "quote_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"state_key" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_pdfs" ADD CONSTRAINT "quote_pdfs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_pdfs" ADD CONSTRAINT "quote_pdfs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_pdfs_quote_state_key" ON "quote_pdfs" USING btree ("quote_id","state_key");--> statement-breakpoint
CREATE INDEX "quote_pdfs_account_idx" ON "quote_pdfs" USING btree ("account_id");