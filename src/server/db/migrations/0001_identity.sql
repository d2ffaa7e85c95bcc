CREATE TABLE "account_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_users_role_check" CHECK ("account_users"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'ENG' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"subscription_plan" text DEFAULT 'TRIAL' NOT NULL,
	"subscription_interval" text,
	"expired_at" timestamp with time zone,
	"country" text,
	"billing_first_name" text,
	"billing_last_name" text,
	"billing_street_and_number" text,
	"billing_street_additional" text,
	"billing_postal_code" text,
	"billing_city" text,
	"billing_country" text,
	"quote_street_and_number" text,
	"quote_postal_code" text,
	"quote_city" text,
	"link_color" text,
	"text_color" text,
	"text_font" text,
	"logo_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_language_check" CHECK ("accounts"."language" in ('ENG', 'NL')),
	CONSTRAINT "accounts_currency_check" CHECK ("accounts"."currency" in ('EUR', 'USD', 'GBP')),
	CONSTRAINT "accounts_plan_check" CHECK ("accounts"."subscription_plan" in ('TRIAL', 'STARTER', 'BASIC', 'PRO')),
	CONSTRAINT "accounts_interval_check" CHECK ("accounts"."subscription_interval" is null or "accounts"."subscription_interval" in ('MONTHLY', 'YEARLY'))
);
--> statement-breakpoint
CREATE TABLE "email_link_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"sign_up_name" text,
	"sign_up_company" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_login_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"method" text NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'nl'))
);
--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_users_account_user_key" ON "account_users" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "account_users_user_idx" ON "account_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_link_tokens_token_hash_key" ON "email_link_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_link_tokens_email_idx" ON "email_link_tokens" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_provider_subject_key" ON "oidc_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");