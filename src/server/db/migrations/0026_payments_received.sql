CREATE TABLE "account_daily_payments" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_daily_payments_account_id_day_currency_pk" PRIMARY KEY("account_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "account_daily_payments" ADD CONSTRAINT "account_daily_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;