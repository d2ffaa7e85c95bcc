ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_reason_check";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "config" jsonb;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_kind_idx" ON "webhook_endpoints" USING btree ("account_id","kind");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("webhook_endpoints"."kind" in ('webhook', 'slack', 'harvest'));--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_reason_check" CHECK ("webhook_endpoints"."disabled_reason" is null or "webhook_endpoints"."disabled_reason" in ('GONE', 'FAILING', 'MANUAL', 'REVOKED'));