import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pageStamp } from "../../src/server/modules/public-quote/page-cache";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * PGlite only (the integration-postgres project leaves out tests/integration/pglite-*.test.ts): the
 * public page's stamp (a session PREPARE) and its reads (named statements, decision 087) live in
 * PGlite's one session, which a `DEALLOCATE ALL` there (a test, an operator) empties: the page must
 * prepare them again, not answer 500 until a restart. On PostgreSQL each pooled connection has its
 * own statements, prepared by node-postgres on first use; nothing of the app deallocates them.
 * (This test ran on both databases until a stressed run sent its DEALLOCATE and the read after it
 * to the same pooled PostgreSQL connection, whose driver still counted the statement as prepared.)
 */
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Statements Co" });
});
afterAll(async () => {
  await t.close();
});

it("reads on after the session's prepared statements are dropped (DEALLOCATE ALL): the page's stamp and its reads", async () => {
  const quote = await createQuote(t, owner, (await createCustomer(t, owner)).id);
  await addBlocks(t, quote.id);
  const published = await transition(t, owner, "publishQuote", quote.id);
  expect(published.errors).toBeUndefined();
  const stamp = await pageStamp(t.db, quote.nanoId);
  const view = await loadPublicQuote(t.db, quote.nanoId);
  expect(stamp?.availability).toBe("AVAILABLE");
  expect(view.view?.quoteId).toBe(quote.id);
  await t.db.execute(sql`deallocate all`);
  expect(await pageStamp(t.db, quote.nanoId)).toEqual(stamp);
  expect(await loadPublicQuote(t.db, quote.nanoId)).toEqual(view);
});
