import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { accounts, docusignEnvelopes, quotes } from "../../src/server/db/schema";
import { getPublicConversation } from "../../src/server/modules/conversation/conversation.service";
import { loadPublicQuote, loadQuoteView, withVersionDocument } from "../../src/server/modules/public-quote/public-quote.service";
import { versionDocuments } from "../../src/server/modules/public-quote/version-documents";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { testDbKind } from "../support/db";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The rendered public page's reads (decision 085) give what they replaced: the decline and time
 * zone read with the quote are `getPublicConversation`'s answer (the two statements the page ran
 * before); the current version and latest DocuSign envelope read with it give the view that
 * `loadQuoteView` builds by its own statements; and on PGlite the page's statements run as named statements (src/server/db/pglite-named.ts) give the same view
 * as drizzle's own execution (a transaction's executor takes drizzle's path).
 */
let t: TestApp;
let owner: SignedIn;
let customerId: string;

const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { nanoId } }`;
const DECLINE = "mutation ($n: String!, $r: String) { declineQuote(nanoId: $n, reason: $r) { declinedAt reason } }";

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Reads Co" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

async function published() {
  const quote = await createQuote(t, owner, customerId);
  await addBlocks(t, quote.id);
  const result = await transition(t, owner, "publishQuote", quote.id);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return quote;
}

/** The view through drizzle's own execution: a transaction's executor (no named statement). */
const throughDrizzle = (nanoId: string) => t.db.transaction((tx) => loadPublicQuote(tx, nanoId));

describe("the rendered public page's reads", () => {
  it("reads the decline and the time zone with the quote, as getPublicConversation answers", async () => {
    const quote = await published();
    const before = await loadPublicQuote(t.db, quote.nanoId);
    expect(before.conversation).toEqual(await getPublicConversation(t.db, quote.id));
    expect(before.conversation).toMatchObject({ declinedAt: null, declineReason: null });

    await t.db.update(accounts).set({ timeZone: "Asia/Tokyo" }).where(eq(accounts.id, owner.accountId!));
    const declined = await t.gql(DECLINE, { n: quote.nanoId, r: "Too expensive" });
    expect(declined.errors).toBeUndefined();
    const after = await loadPublicQuote(t.db, quote.nanoId);
    expect(after.conversation).toEqual(await getPublicConversation(t.db, quote.id));
    expect(after.conversation).toMatchObject({ declineReason: "Too expensive", timeZone: "Asia/Tokyo" });
    expect(after.conversation?.declinedAt).toEqual(expect.any(String));

    // Published again: the decline is cleared, and no longer read.
    await transition(t, owner, "withdrawQuote", quote.id);
    await transition(t, owner, "publishQuote", quote.id);
    const again = await loadPublicQuote(t.db, quote.nanoId);
    expect(again.conversation).toEqual(await getPublicConversation(t.db, quote.id));
    expect(again.conversation?.declinedAt).toBeNull();
  });

  it("gives the same view through named statements as through drizzle's own execution: unsigned, signed, declined", async () => {
    const unsigned = await published();
    const signed = await published();
    const signedResult = await t.gql(SIGN, {
      nanoId: signed.nanoId,
      input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
    });
    expect(signedResult.errors).toBeUndefined();
    const declined = await published();
    expect((await t.gql(DECLINE, { n: declined.nanoId, r: null })).errors).toBeUndefined();

    for (const quote of [unsigned, signed, declined]) {
      const fast = await loadPublicQuote(t.db, quote.nanoId);
      expect(fast.view).not.toBeNull();
      expect(fast).toEqual(await throughDrizzle(quote.nanoId));
    }
    expect((await loadPublicQuote(t.db, signed.nanoId)).view?.signatures).toHaveLength(1);

    // On PGlite the page's statements were named in the session (so the comparison above took both paths).
    const named = await queryRows<{ statement: string }>(t.db, sql`select statement from pg_prepared_statements where name like 'offerly%'`);
    const has = (fragment: string) => named.some((row) => row.statement.includes(fragment));
    const pageStatements = ['where "quotes"."nano_id" = $', 'from "quote_signatures"', 'from "quote_payments"'];
    if (testDbKind === "pglite") for (const fragment of pageStatements) expect(has(fragment), fragment).toBe(true);
    else expect(named).toEqual([]);
  });

  it("reads the current version and the latest DocuSign envelope with the quote: the view loadQuoteView builds by separate statements", async () => {
    const once = await published();
    const twice = await published();
    await transition(t, owner, "withdrawQuote", twice.id);
    await transition(t, owner, "publishQuote", twice.id);
    const withEnvelopes = await published();
    const envelope = { accountId: owner.accountId!, quoteId: withEnvelopes.id, docusignAccountId: "acc", signerName: "Ann", signerEmail: "ann@example.test" };
    await t.db
      .insert(docusignEnvelopes)
      .values({ ...envelope, status: "VOIDED", envelopeId: "env-1", reason: "old", createdAt: new Date(Date.now() - 60_000) });
    await t.db.insert(docusignEnvelopes).values({ ...envelope, status: "SENT", envelopeId: "env-2" });
    const signed = await published();
    const signedResult = await t.gql(SIGN, {
      nanoId: signed.nanoId,
      input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
    });
    expect(signedResult.errors).toBeUndefined();
    for (const quote of [once, twice, withEnvelopes, signed]) {
      const { view } = await loadPublicQuote(t.db, quote.nanoId);
      expect(view).toEqual(await loadQuoteView(t.db, owner.accountId!, quote.id));
    }
    expect((await loadPublicQuote(t.db, twice.nanoId)).view?.version?.number).toBe(2);
    expect((await loadPublicQuote(t.db, withEnvelopes.nanoId)).view?.docusign).toEqual({ status: "SENT", reason: null, signed: false });
  });

  it("reads a version's document once per app server (decision 090): the database's document, frozen, a new version read anew", async () => {
    const quote = await published();
    versionDocuments.clear();
    const before = versionDocuments.stats();
    const first = await loadPublicQuote(t.db, quote.nanoId);
    expect(versionDocuments.stats()).toMatchObject({ misses: before.misses + 1, entries: 1 });
    const second = await loadPublicQuote(t.db, quote.nanoId);
    expect(versionDocuments.stats()).toMatchObject({ hits: before.hits + 1, entries: 1 });
    // The same kept object, equal to what the owner's screens read from the database.
    expect(second.view?.document).toBe(first.view?.document);
    expect(second.view).toEqual(await loadQuoteView(t.db, owner.accountId!, quote.id));
    // Nobody can change the kept document for the next customer.
    const shown = second.view!.document;
    expect(Object.isFrozen(shown)).toBe(true);
    expect(() => {
      (shown as { name: string }).name = "Tampered";
    }).toThrow(TypeError);
    expect((await loadPublicQuote(t.db, quote.nanoId)).view?.document.name).toBe(quote.name);

    // Withdrawn, renamed and published again: version 2's document, read from the database once.
    await transition(t, owner, "withdrawQuote", quote.id);
    await t.db.update(quotes).set({ name: "Renamed for version 2" }).where(eq(quotes.id, quote.id));
    await transition(t, owner, "publishQuote", quote.id);
    const republished = await loadPublicQuote(t.db, quote.nanoId);
    expect(republished.view?.version?.number).toBe(2);
    expect(republished.view?.document.name).toBe("Renamed for version 2");
    expect(republished.view).toEqual(await loadQuoteView(t.db, owner.accountId!, quote.id));
    expect(versionDocuments.stats().entries).toBe(2);

    // A version gone between the quote's read and its document's (its quote deleted): none, not an error.
    const current = republished.view!.version!;
    const gone = { id: crypto.randomUUID(), accountId: owner.accountId!, quoteId: quote.id, number: 3, documentHash: current.documentHash };
    expect(await withVersionDocument(t.db, { ...gone, publishedAt: new Date(), publishedByName: null, publishedByEmail: null })).toBeNull();

    // The page's statement by nanoId no longer carries the document column.
    if (testDbKind === "pglite") {
      const named = await queryRows<{ statement: string }>(t.db, sql`select statement from pg_prepared_statements where name like 'offerly%'`);
      const byNanoId = named.find((row) => row.statement.includes('where "quotes"."nano_id" = $'));
      expect(byNanoId?.statement).toContain('"quote_versions"."document_hash"');
      expect(byNanoId?.statement).not.toContain('"quote_versions"."document",');
    }
  });

  it("an unknown, malformed or unpublished link reads nothing more", async () => {
    const draft = await createQuote(t, owner, customerId);
    expect(await loadPublicQuote(t.db, draft.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });
    expect(await loadPublicQuote(t.db, "x".repeat(22))).toEqual({ availability: "NOT_AVAILABLE", view: null });
    expect(await loadPublicQuote(t.db, "it's-not'-a-nano-id")).toEqual({ availability: "NOT_AVAILABLE", view: null });
  });
});
