-- The public page's stamp kept in memory on PGlite (decision 076). On PGlite the server is the
-- only session that can write the database (its data folder is locked by one process), so the
-- page cache keeps each quote's stamp row in memory and drops it when the database says it
-- changed: these triggers NOTIFY "offerly_page_stamp" with 'q' || quote id when a quote's stamp
-- row is bumped or deleted (every change the page shows, decision 072, and the quote's own row)
-- and with 'a' || account id on any update or delete of an account (its shown columns are read by
-- the check). A TRUNCATE notifies '*'. PGlite delivers a notification with the answer of the
-- committing statement, before its promise resolves (tested).
--
-- On PostgreSQL the check is still one statement per request (several app servers, read
-- replica), nobody listens, and a NOTIFY would take PostgreSQL's global notify lock at every
-- commit that sent one: so the functions send only on PGlite (decided per call, so a database
-- moved between the two stays right).
CREATE FUNCTION "offerly_page_stamp_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_catalog.version() LIKE '%PGlite%' THEN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('offerly_page_stamp', '*');
    ELSIF TG_TABLE_NAME = 'accounts' THEN
      PERFORM pg_notify('offerly_page_stamp', 'a' || OLD."id");
    ELSE
      PERFORM pg_notify('offerly_page_stamp', 'q' || OLD."quote_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quote_page_stamps_notify" AFTER UPDATE OR DELETE ON "quote_page_stamps" FOR EACH ROW EXECUTE FUNCTION "offerly_page_stamp_notify"();--> statement-breakpoint
CREATE TRIGGER "quote_page_stamps_notify_truncate" AFTER TRUNCATE ON "quote_page_stamps" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_page_stamp_notify"();--> statement-breakpoint
CREATE TRIGGER "accounts_page_stamp_notify" AFTER UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "offerly_page_stamp_notify"();--> statement-breakpoint
CREATE TRIGGER "accounts_page_stamp_notify_truncate" AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "offerly_page_stamp_notify"();
