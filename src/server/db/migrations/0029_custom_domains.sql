CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"cname_state" text DEFAULT 'UNCHECKED' NOT NULL,
	"txt_state" text DEFAULT 'UNCHECKED' NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_status_check" CHECK ("custom_domains"."status" in ('PENDING', 'ACTIVE', 'INACTIVE')),
	CONSTRAINT "custom_domains_states_check" CHECK ("custom_domains"."cname_state" in ('UNCHECKED', 'OK', 'MISSING', 'WRONG', 'ERROR') and "custom_domains"."txt_state" in ('UNCHECKED', 'OK', 'MISSING', 'WRONG', 'ERROR')),
	CONSTRAINT "custom_domains_lengths_check" CHECK (length("custom_domains"."domain") <= 253 and length("custom_domains"."token") <= 100)
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_account_idx" ON "custom_domains" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_domain_idx" ON "custom_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "custom_domains_status_idx" ON "custom_domains" USING btree ("status");