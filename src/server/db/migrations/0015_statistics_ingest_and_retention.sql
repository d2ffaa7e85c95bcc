DROP INDEX "quote_time_entries_account_inserted_idx";--> statement-breakpoint
DROP INDEX "quote_views_quote_visitor_idx";--> statement-breakpoint
CREATE INDEX "quote_views_started_idx" ON "quote_views" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "quote_views_quote_visitor_idx" ON "quote_views" USING btree ("quote_id","visitor_hash");--> statement-breakpoint
-- Hand-written: room on each page of quote_views for HOT updates of its running counters (a
-- beacon moves last_seen_at and tracked_seconds; neither is indexed). Applies to pages written
-- from now on.
ALTER TABLE "quote_views" SET (fillfactor = 80);