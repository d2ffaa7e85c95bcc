CREATE TABLE "billing_dev_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_dev_objects_kind_check" CHECK ("billing_dev_objects"."kind" in ('payment', 'subscription'))
);
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_account_id_kind_ref_pk" PRIMARY KEY("account_id","kind","ref"),
	CONSTRAINT "billing_notices_kind_check" CHECK ("billing_notices"."kind" in ('renewal-failed', 'trial-ending'))
);
--> statement-breakpoint
ALTER TABLE "billing_payments" ADD COLUMN "purpose" text DEFAULT 'subscribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD COLUMN "renewal_interval" text;--> statement-breakpoint
UPDATE "billing_payments" SET "purpose" = 'renewal' WHERE "sequence_type" = 'recurring';--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_dev_objects_idempotency_key" ON "billing_dev_objects" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_purpose_check" CHECK ("billing_payments"."purpose" in ('subscribe', 'upgrade', 'renewal'));