CREATE TABLE "docusign_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"docusign_account_id" text NOT NULL,
	"base_uri" text NOT NULL,
	"account_name" text,
	"user_email" text,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"connected_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docusign_connections_lengths_check" CHECK (length(coalesce("docusign_connections"."account_name", '')) <= 200 and length(coalesce("docusign_connections"."user_email", '')) <= 320)
);
--> statement-breakpoint
CREATE TABLE "docusign_envelopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"docusign_account_id" text NOT NULL,
	"envelope_id" text,
	"version_number" integer,
	"status" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"reason" text,
	"signed_file_key" text,
	"certificate_file_key" text,
	"sent_by_user_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "docusign_envelopes_status_check" CHECK ("docusign_envelopes"."status" in ('PREPARING', 'SENT', 'COMPLETED', 'DECLINED', 'VOIDED', 'FAILED')),
	CONSTRAINT "docusign_envelopes_id_check" CHECK ("docusign_envelopes"."envelope_id" is not null or "docusign_envelopes"."status" in ('PREPARING', 'FAILED')),
	CONSTRAINT "docusign_envelopes_reason_check" CHECK (length(coalesce("docusign_envelopes"."reason", '')) <= 1000)
);
--> statement-breakpoint
ALTER TABLE "docusign_connections" ADD CONSTRAINT "docusign_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign_connections" ADD CONSTRAINT "docusign_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign_envelopes" ADD CONSTRAINT "docusign_envelopes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign_envelopes" ADD CONSTRAINT "docusign_envelopes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docusign_envelopes" ADD CONSTRAINT "docusign_envelopes_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "docusign_connections_remote_idx" ON "docusign_connections" USING btree ("docusign_account_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "docusign_envelopes_envelope_idx" ON "docusign_envelopes" USING btree ("envelope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "docusign_envelopes_one_out_idx" ON "docusign_envelopes" USING btree ("quote_id") WHERE "docusign_envelopes"."status" in ('PREPARING', 'SENT');--> statement-breakpoint
CREATE INDEX "docusign_envelopes_quote_idx" ON "docusign_envelopes" USING btree ("quote_id","created_at");