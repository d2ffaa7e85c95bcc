CREATE TABLE "mollie_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"mode" text NOT NULL,
	"display_name" text,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone,
	"connected_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mollie_connections_method_check" CHECK ("mollie_connections"."method" in ('OAUTH', 'API_KEY')),
	CONSTRAINT "mollie_connections_mode_check" CHECK ("mollie_connections"."mode" in ('test', 'live')),
	CONSTRAINT "mollie_connections_tokens_check" CHECK (("mollie_connections"."method" = 'OAUTH') = ("mollie_connections"."refresh_token_encrypted" is not null and "mollie_connections"."access_token_expires_at" is not null) and length(coalesce("mollie_connections"."display_name", '')) <= 200)
);
--> statement-breakpoint
ALTER TABLE "mollie_connections" ADD CONSTRAINT "mollie_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_connections" ADD CONSTRAINT "mollie_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;