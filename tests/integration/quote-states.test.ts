import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { recordView } from "../../src/server/modules/public-quote/signing.service";
import { QUOTE_STATES, type QuoteState } from "../../src/shared/quote-state";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";

/**
 * The quote's state as the server gives it (`lifecycle`, src/shared/quote-state.ts) and the rules it
 * enforces with it: one quote in every state, the list filter agreeing with the badge, and the
 * actions the state table refuses refused by the API with a message in the caller's language.
 */

const LIFECYCLE = "lifecycle { state actions }";
const QUOTE = `query ($id: ID!) { quote(id: $id) { id status ${LIFECYCLE} } }`;
const LIST = `query ($state: QuoteState) { quotes(state: $state, pageSize: 100) { totalCount items { id ${LIFECYCLE} } } }`;
const SIGN = `mutation ($nanoId: String, $quoteId: ID, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, quoteId: $quoteId, input: $input) { nanoId status quoteSignatures { kind name } } }`;
const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id status lifecycle { state actions } } }";
const DECLINE = "mutation ($n: String!, $r: String) { declineQuote(nanoId: $n, reason: $r) { declinedAt reason } }";
const REMINDER = "mutation ($id: ID!, $input: QuoteReminderInput!) { updateQuoteReminder(id: $id, input: $input) { id } }";
const SEND = "mutation ($id: ID!, $input: SendQuoteToCustomerInput!) { sendQuoteToCustomer(id: $id, input: $input) { id } }";

type Lifecycle = { state: QuoteState; actions: string[] };

let t: TestApp;
let owner: SignedIn;
let customerId: string;
let ip = 0;
const visitor = (extra: Record<string, string> = {}) => ({ "x-forwarded-for": `203.0.113.${++ip % 250}`, ...extra });
const customer = (name: string) => ({ name, signatureKind: "TYPED", signature: name, selection: [], consent: true });

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  owner = await signUp(t, { company: "States Co", name: "Stella Owner" });
  customerId = (await createCustomer(t, owner, { email: "buyer@example.com" })).id;
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function published(name: string) {
  const quote = await createQuote(t, owner, customerId, { name });
  await addBlocks(t, quote.id);
  const result = await transition(t, owner, "publishQuote", quote.id);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return quote;
}

async function lifecycle(id: string): Promise<Lifecycle> {
  const result = await t.gql<{ quote: { lifecycle: Lifecycle } }>(QUOTE, { id }, owner.headers());
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.quote.lifecycle;
}

async function signAsCustomer(nanoId: string, name: string, headers: Record<string, string> = {}) {
  return t.gql<{ createQuoteSignature: { quoteSignatures: { kind: string; name: string }[] } }>(SIGN, { nanoId, input: customer(name) }, visitor(headers));
}

describe("one quote in every state", () => {
  const ids = {} as Record<QuoteState, string>;

  beforeAll(async () => {
    ids.DRAFT = (await createQuote(t, owner, customerId, { name: "A draft" })).id;
    const withdrawn = await published("Withdrawn");
    await transition(t, owner, "withdrawQuote", withdrawn.id);
    ids.WITHDRAWN = withdrawn.id;
    ids.PUBLISHED = (await published("Published")).id;
    const viewed = await published("Viewed");
    const { view } = await loadPublicQuote(t.db, viewed.nanoId, { viewerUserId: null });
    if (!view) throw new Error("no view");
    await recordView(t.db, view, { ip: "203.0.113.9", userAgent: "test" });
    ids.VIEWED = viewed.id;
    const declined = await published("Declined");
    expect((await t.gql(DECLINE, { n: declined.nanoId, r: "Too expensive" }, visitor())).errors).toBeUndefined();
    ids.DECLINED = declined.id;
    const customerSigned = await published("Customer signed");
    expect((await signAsCustomer(customerSigned.nanoId, "Jane Buyer")).errors).toBeUndefined();
    ids.CUSTOMER_SIGNED = customerSigned.id;
    const expired = await createQuote(t, owner, customerId, { name: "Expired", quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, owner, expired.id, "2026-01-10");
    ids.EXPIRED = expired.id;
    const signed = await published("Marked signed");
    expect((await signAsCustomer(signed.nanoId, "Jane Buyer")).errors).toBeUndefined();
    expect((await t.gql(MARK, { id: signed.id }, owner.headers())).errors).toBeUndefined();
    ids.SIGNED = signed.id;
  }, 180_000);

  it("gives each quote its state (a customer's signature shows as such; a decline is not 'Published')", async () => {
    for (const state of QUOTE_STATES) expect({ state, got: (await lifecycle(ids[state])).state }).toEqual({ state, got: state });
  });

  it("filters the list by the same state as the badge, in SQL", async () => {
    for (const state of QUOTE_STATES) {
      const result = await t.gql<{ quotes: { items: { id: string; lifecycle: Lifecycle }[] } }>(LIST, { state }, owner.headers());
      expect(result.errors).toBeUndefined();
      expect({ state, ids: result.data?.quotes.items.map((q) => q.id) }).toEqual({ state, ids: [ids[state]] });
      expect(result.data?.quotes.items[0].lifecycle.state).toBe(state);
    }
  });

  it("offers only what the state allows: nothing but Withdraw once declined, no Withdraw once signed", async () => {
    expect((await lifecycle(ids.DECLINED)).actions).toEqual(["WITHDRAW"]);
    expect((await lifecycle(ids.SIGNED)).actions).toEqual([]);
    expect((await lifecycle(ids.CUSTOMER_SIGNED)).actions).not.toContain("DECLINE");
  });

  it("refuses on a declined quote the owner's signature, 'mark as signed', the reminder and sending", async () => {
    const add = await t.gql(
      SIGN,
      { quoteId: ids.DECLINED, input: { name: "Stella Owner", signedAt: "2026-11-20", signatureKind: "TYPED", signature: "Stella" } },
      owner.headers(),
    );
    expect(add.errors?.[0].message).toBe("This quote has already been declined.");
    const mark = await t.gql(MARK, { id: ids.DECLINED }, owner.headers());
    expect(mark.errors?.[0].message).toBe("This quote has already been declined.");
    const reminder = await t.gql(REMINDER, { id: ids.DECLINED, input: { enabled: true, daysBefore: 3 } }, { ...owner.headers(), "accept-language": "nl" });
    expect(reminder.errors?.[0].message).toBe(
      "De klant heeft deze offerte afgewezen: ondertekenen is gesloten. Trek hem in, wijzig hem en publiceer hem opnieuw om hem opnieuw aan te bieden.",
    );
    const send = await t.gql(SEND, { id: ids.DECLINED, input: { email: "buyer@example.com" } }, owner.headers());
    expect(send.errors?.[0].message).toContain("The customer declined this quote");
  });

  it("refuses the reminder of an expired quote, saying how to offer it again", async () => {
    const reminder = await t.gql(REMINDER, { id: ids.EXPIRED, input: { enabled: true, daysBefore: 3 } }, owner.headers());
    expect(reminder.errors?.[0].message).toBe("This quote has expired: its link says so. Withdraw it and choose a later expiration date to offer it again.");
  });
});

describe("after the customer signs", () => {
  it("refuses the same signer twice (EN and NL), accepts another signer, and refuses a decline", async () => {
    const quote = await published("Two signers");
    expect((await signAsCustomer(quote.nanoId, "Jane Buyer")).errors).toBeUndefined();
    const again = await signAsCustomer(quote.nanoId, "  jane  BUYER ");
    expect(again.errors?.[0].message).toBe(
      "jane  BUYER has already signed this version of the quote. Anyone else who needs to sign can do so with their own name.",
    );
    const againNl = await signAsCustomer(quote.nanoId, "Jane Buyer", { "accept-language": "nl" });
    expect(againNl.errors?.[0].message).toBe(
      "Jane Buyer heeft deze versie van de offerte al ondertekend. Iedereen die nog moet tekenen, kan dat met een eigen naam doen.",
    );
    const second = await signAsCustomer(quote.nanoId, "Piet Koper");
    expect(second.errors).toBeUndefined();
    expect(second.data?.createQuoteSignature.quoteSignatures.map((s) => s.name)).toEqual(["Jane Buyer", "Piet Koper"]);
    const decline = await t.gql(DECLINE, { n: quote.nanoId, r: "Changed our mind" }, visitor());
    expect(decline.errors?.[0].message).toBe(
      "This version of the quote has been signed, so it can no longer be declined. Ask the sender a question if something is not right.",
    );
    expect((await lifecycle(quote.id)).state).toBe("CUSTOMER_SIGNED");
  });

  it("lets the same person sign the next version after a withdraw and publish", async () => {
    const quote = await published("Signed, then changed");
    expect((await signAsCustomer(quote.nanoId, "Jane Buyer")).errors).toBeUndefined();
    await transition(t, owner, "withdrawQuote", quote.id);
    expect((await lifecycle(quote.id)).state).toBe("WITHDRAWN");
    await transition(t, owner, "publishQuote", quote.id);
    expect((await lifecycle(quote.id)).state).toBe("PUBLISHED");
    expect((await signAsCustomer(quote.nanoId, "Jane Buyer")).errors).toBeUndefined();
  });
});
