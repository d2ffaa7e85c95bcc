CREATE TABLE "integration_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_account" text NOT NULL,
	"object" text NOT NULL,
	"external_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_links_lengths_check" CHECK (length("integration_links"."provider") <= 50 and length("integration_links"."external_account") <= 100 and length("integration_links"."object") <= 50 and length("integration_links"."external_id") <= 200)
);
--> statement-breakpoint
ALTER TABLE "integration_links" ADD CONSTRAINT "integration_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_links" ADD CONSTRAINT "integration_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_links_object_idx" ON "integration_links" USING btree ("account_id","quote_id","provider","external_account","object");--> statement-breakpoint
CREATE INDEX "integration_links_quote_idx" ON "integration_links" USING btree ("quote_id");