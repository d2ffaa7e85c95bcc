CREATE TABLE "account_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_invitations_email_lower" CHECK ("account_invitations"."email" = lower("account_invitations"."email")),
	CONSTRAINT "account_invitations_role_check" CHECK ("account_invitations"."role" in ('owner', 'admin', 'member')),
	CONSTRAINT "account_invitations_status_check" CHECK ("account_invitations"."status" in ('invited', 'accepted', 'declined', 'revoked', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_hash_key" ON "account_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_open_key" ON "account_invitations" USING btree ("account_id","email") WHERE "account_invitations"."status" = 'invited';--> statement-breakpoint
CREATE INDEX "account_invitations_account_idx" ON "account_invitations" USING btree ("account_id");