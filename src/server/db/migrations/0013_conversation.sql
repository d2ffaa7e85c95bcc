CREATE TABLE "quote_conversation_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"email" text,
	"answer" text,
	"answer_email" text,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_conversation_kind_check" CHECK ("quote_conversation_entries"."kind" in ('QUESTION', 'DECLINE', 'SENT', 'REMINDER')),
	CONSTRAINT "quote_conversation_lengths_check" CHECK (length("quote_conversation_entries"."body") <= 2000 and length("quote_conversation_entries"."answer") <= 2000),
	CONSTRAINT "quote_conversation_question_check" CHECK ("quote_conversation_entries"."kind" <> 'QUESTION' or "quote_conversation_entries"."body" is not null),
	CONSTRAINT "quote_conversation_answer_check" CHECK ("quote_conversation_entries"."answer" is null or "quote_conversation_entries"."kind" = 'QUESTION')
);
--> statement-breakpoint
CREATE TABLE "quote_reminders" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days_before" integer DEFAULT 3 NOT NULL,
	"sent_for_expiration" date,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_reminders_days_check" CHECK ("quote_reminders"."days_before" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_quote_responses" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_conversation_entries" ADD CONSTRAINT "quote_conversation_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_conversation_entries" ADD CONSTRAINT "quote_conversation_entries_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_conversation_entries" ADD CONSTRAINT "quote_conversation_entries_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_conversation_quote_idx" ON "quote_conversation_entries" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_conversation_account_idx" ON "quote_conversation_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_conversation_active_decline_key" ON "quote_conversation_entries" USING btree ("quote_id") WHERE "quote_conversation_entries"."kind" = 'DECLINE' and "quote_conversation_entries"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "quote_reminders_account_idx" ON "quote_reminders" USING btree ("account_id");--> statement-breakpoint
-- Hand-written (issue 14): a quote the customer declined cannot be signed until it is published
-- again (publishing clears the decline). The decline locks the quote row first, so a decline and a
-- signature racing each other are serialised: whichever commits first wins.
CREATE FUNCTION "offerly_quotes_decline_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'SIGNED' AND OLD.status = 'PUBLISHED' AND EXISTS (
    SELECT 1 FROM quote_conversation_entries WHERE quote_id = NEW.id AND kind = 'DECLINE' AND cleared_at IS NULL
  ) THEN
    RAISE EXCEPTION 'offerly:quote_declined: quote % was declined by the customer', NEW.id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "quotes_decline_guard" BEFORE UPDATE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "offerly_quotes_decline_guard"();
