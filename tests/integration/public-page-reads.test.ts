import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { accounts } from "../../src/server/db/schema";
import { getPublicConversation } from "../../src/server/modules/conversation/conversation.service";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { testDbKind } from "../support/db";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The rendered public page's reads (decision 085) give what they replaced: the decline and time
 * zone read with the quote are `getPublicConversation`'s answer (the two statements the page ran
 * before), and on PGlite the page's statements run by EXECUTE (session PREPARE) give the same view
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

/** The view through drizzle's own execution: a transaction's executor (no session PREPARE). */
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

  it("gives the same view by EXECUTE as by drizzle's own execution: unsigned, signed, declined", async () => {
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

    // On PGlite the statements were prepared in the session (so the comparison above took both paths).
    const prepared = await queryRows<{ name: string }>(t.db, sql`select name from pg_prepared_statements where name like 'offerly_public_%' order by name`);
    if (testDbKind === "pglite") {
      expect(prepared.map((row) => row.name)).toEqual([
        "offerly_public_by_nano_id",
        "offerly_public_current_version",
        "offerly_public_docusign",
        "offerly_public_payments",
        "offerly_public_signatures",
      ]);
    } else {
      expect(prepared).toEqual([]);
    }
  });

  it("an unknown, malformed or unpublished link reads nothing more", async () => {
    const draft = await createQuote(t, owner, customerId);
    expect(await loadPublicQuote(t.db, draft.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });
    expect(await loadPublicQuote(t.db, "x".repeat(22))).toEqual({ availability: "NOT_AVAILABLE", view: null });
    expect(await loadPublicQuote(t.db, "it's-not'-a-nano-id")).toEqual({ availability: "NOT_AVAILABLE", view: null });
  });
});
