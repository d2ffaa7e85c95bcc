CREATE TABLE "account_daily_stats" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"quotes_published" integer DEFAULT 0 NOT NULL,
	"quotes_signed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_daily_stats_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "quote_block_stats" (
	"quote_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_block_stats_quote_id_block_id_pk" PRIMARY KEY("quote_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "quote_daily_stats" (
	"quote_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_daily_stats_quote_id_day_pk" PRIMARY KEY("quote_id","day")
);
--> statement-breakpoint
CREATE TABLE "quote_first_views" (
	"quote_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_first_views_quote_id_published_at_pk" PRIMARY KEY("quote_id","published_at")
);
--> statement-breakpoint
CREATE TABLE "quote_time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"view_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" integer NOT NULL,
	"block_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "quote_time_entries_seconds_check" CHECK ("quote_time_entries"."seconds" > 0 and "quote_time_entries"."seconds" <= 600)
);
--> statement-breakpoint
CREATE TABLE "quote_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tracked_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_views_tracked_check" CHECK ("quote_views"."tracked_seconds" >= 0 and "quote_views"."tracked_seconds" <= 14400)
);
--> statement-breakpoint
CREATE TABLE "statistics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_first_view" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account_daily_stats" ADD CONSTRAINT "account_daily_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_block_stats" ADD CONSTRAINT "quote_block_stats_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_daily_stats" ADD CONSTRAINT "quote_daily_stats_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_daily_stats" ADD CONSTRAINT "quote_daily_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_first_views" ADD CONSTRAINT "quote_first_views_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_time_entries" ADD CONSTRAINT "quote_time_entries_view_id_quote_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."quote_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_views" ADD CONSTRAINT "quote_views_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_views" ADD CONSTRAINT "quote_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_time_entries_view_idx" ON "quote_time_entries" USING btree ("view_id");--> statement-breakpoint
CREATE INDEX "quote_time_entries_account_inserted_idx" ON "quote_time_entries" USING btree ("account_id","inserted_at");--> statement-breakpoint
CREATE INDEX "quote_views_quote_visitor_idx" ON "quote_views" USING btree ("quote_id","visitor_hash","last_seen_at");--> statement-breakpoint
CREATE INDEX "quote_views_quote_started_idx" ON "quote_views" USING btree ("quote_id","started_at");--> statement-breakpoint
CREATE INDEX "quote_views_account_started_idx" ON "quote_views" USING btree ("account_id","started_at");