import { paragraphDocument } from "../../src/shared/rich-text";
import type { TestApp } from "./app";
import type { SignedIn } from "./auth";
import { quoteBlocks, quoteLineItems, quotePayments } from "../../src/server/db/schema";
import { publishQuote } from "../../src/server/modules/quotes/quotes.service";

/** GraphQL helpers for customers and quotes, as a signed-in user of their own account. */
export const CUSTOMER_FIELDS = "id name companyName contactPerson email phone content totalQuotes totalSignedQuotes";
export const QUOTE_FIELDS =
  "id name quoteNumber slug nanoId language currency status displayStatus isExpired signable quoteDateAt quoteExpirationAt url total customer { id name } customerDetails { name content }";

export async function createCustomer(t: TestApp, user: SignedIn, input: Record<string, unknown> = {}) {
  const result = await t.gql<{ createCustomer: { id: string; name: string } }>(
    `mutation ($input: CustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`,
    { input: { name: "Acme BV", companyName: "Acme", content: "Main street 1\n1234 AB Amsterdam", ...input } },
    user.headers(),
  );
  if (!result.data) throw new Error(`createCustomer failed: ${JSON.stringify(result.errors)}`);
  return result.data.createCustomer;
}

export function quoteInput(customerId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Website redesign",
    customerId,
    language: "ENG",
    currency: "EUR",
    quoteDateAt: "2026-03-01",
    quoteExpirationAt: "2099-03-31",
    signable: true,
    ...overrides,
  };
}

export type QuoteResult = {
  id: string;
  name: string;
  quoteNumber: string;
  slug: string;
  nanoId: string;
  status: string;
  displayStatus: string;
  url: string;
  total: string;
  quoteDateAt: string;
  quoteExpirationAt: string;
  customer: { id: string; name: string } | null;
  customerDetails: { name: string; content: string | null } | null;
};

export async function createQuote(t: TestApp, user: SignedIn, customerId: string, overrides: Record<string, unknown> = {}) {
  const result = await t.gql<{ createQuote: QuoteResult }>(
    `mutation ($input: QuoteInput!) { createQuote(input: $input) { ${QUOTE_FIELDS} } }`,
    { input: quoteInput(customerId, overrides) },
    user.headers(),
  );
  if (!result.data) throw new Error(`createQuote failed: ${JSON.stringify(result.errors)}`);
  return result.data.createQuote;
}

export async function transition(t: TestApp, user: SignedIn, op: "publishQuote" | "withdrawQuote", id: string) {
  return t.gql<Record<string, QuoteResult>>(`mutation ($id: ID!) { ${op}(id: $id) { ${QUOTE_FIELDS} } }`, { id }, user.headers());
}

/**
 * Blocks are edited in a later issue: tests add them straight to the database. A text block and a
 * pricing block: 8 days × €125.00 + 1.5 × €19.99 (= €29.985 → €29.99) − €10.00 discount = €1019.99.
 */
export async function addBlocks(t: TestApp, quoteId: string) {
  await t.db
    .insert(quoteBlocks)
    .values({ quoteId, kind: "TEXT", position: 0, name: "Introduction", content: paragraphDocument("Thank you for your interest.") });
  const [pricing] = await t.db
    .insert(quoteBlocks)
    .values({ quoteId, kind: "PRICING", position: 1, name: "Work", content: paragraphDocument("What we do"), pricingUnit: "DAY" })
    .returning();
  await t.db.insert(quoteLineItems).values([
    { blockId: pricing.id, position: 0, name: "Design", priceCents: 12_500, amount: "8" },
    { blockId: pricing.id, position: 1, name: "Hosting", priceCents: 1_999, amount: "1.5" },
    { blockId: pricing.id, position: 2, name: "Discount", priceCents: -1_000, amount: "1" },
  ]);
  return pricing;
}

/**
 * Publishes a draft as if it were `isoDate` (the service takes the clock): the way to get a
 * published quote that has expired since, which publishing today refuses.
 */
export async function publishOn(t: TestApp, user: SignedIn, quoteId: string, isoDate: string) {
  return publishQuote(t.db, user.accountId!, quoteId, new Date(`${isoDate}T12:00:00Z`));
}

/**
 * A failed payment of version 1 written straight in the database, as the Mollie webhook's table
 * would hold one (no provider involved): the page stamp's triggers must see it (decisions 072, 095).
 */
export function insertFailedPayment(t: Pick<TestApp, "db">, accountId: string, quoteId: string) {
  return t.db.insert(quotePayments).values({
    accountId,
    quoteId,
    signatureId: crypto.randomUUID(),
    versionNumber: 1,
    amountCents: 1000n,
    currency: "EUR",
    status: "failed",
    molliePaymentId: `tr_${crypto.randomUUID()}`,
    mollieMode: "test",
  });
}
