import { asc, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteBlocks, quoteLineItems, quoteVersions, quotes } from "../../src/server/db/schema";
import { toTotalsBlock } from "../../src/server/modules/blocks/blocks.service";
import { backfillQuoteTotals } from "../../src/server/modules/quotes/quote-totals.service";
import type { PricingUnit } from "../../src/shared/enums";
import { type Totals, centsToString, computeTotals, lineTotalCents } from "../../src/shared/totals";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * Stored totals (issue 27 item 4, decision 062): `quotes.totals` is what src/shared/totals.ts
 * computes from the quote's lines as they are, after every change through the API (property over
 * random blocks and random changes), equals the published version's totals, is cleared when lines
 * change any other way (readers then compute), and is filled for older quotes by the backfill.
 */

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Totals Co" });
  customerId = (await createCustomer(t, owner, { name: "Café Zoë" })).id;
});
afterAll(async () => {
  await t.close();
});

/** The totals as computed today: every line of the quote, read from the tables, through the pure module. */
async function computedFromLines(quoteId: string): Promise<Totals> {
  const blocks = await t.db
    .select()
    .from(quoteBlocks)
    .where(sql`${quoteBlocks.quoteId} = ${quoteId} and ${quoteBlocks.kind} = 'PRICING'`)
    .orderBy(asc(quoteBlocks.position));
  const lines = blocks.length
    ? await t.db
        .select()
        .from(quoteLineItems)
        .where(
          inArray(
            quoteLineItems.blockId,
            blocks.map((b) => b.id),
          ),
        )
    : [];
  return computeTotals(blocks.map((b) => toTotalsBlock({ ...b, lineItems: lines.filter((l) => l.blockId === b.id) })));
}
const stored = async (quoteId: string) => (await t.db.select({ totals: quotes.totals }).from(quotes).where(eq(quotes.id, quoteId)))[0].totals;

const TOTALS =
  "oneOff { subtotal discount totalExclVat vat { rate base vat } vatTotal totalInclVat } recurring { interval subtotal discount totalExclVat vat { rate base vat } vatTotal totalInclVat }";
const READ = `query ($id: ID!) { quote(id: $id) { total totals { ${TOTALS} } paymentDue { oneOffTotal } } quotes(page: 1, pageSize: 100) { items { id total } } }`;
type Read = { quote: { total: string; totals: Totals; paymentDue: { oneOffTotal: string } }; quotes: { items: { id: string; total: string }[] } };

async function readThroughApi(quoteId: string) {
  const result = await t.gql<Read>(READ, { id: quoteId }, owner.headers());
  expect(result.errors).toBeUndefined();
  return result.data!;
}

const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
const rate = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
// Valid input only (the zod rules of src/shared/blocks.ts): an amount discount is a share of what it
// is taken from, recurring lines only in a block with an interval.
const arbLine = fc.record({
  priceCents: fc.integer({ min: 0, max: 2_000_000 }),
  thousandths: fc.integer({ min: 1, max: 20_000 }),
  vat: fc.constantFrom(2100, 900, 0, 550),
  discount: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: 10_000 }).map((pct) => ({ type: "PERCENTAGE" as const, hundredths: pct })),
    fc.integer({ min: 0, max: 100 }).map((share) => ({ type: "AMOUNT" as const, share })),
  ),
  optional: fc.boolean(),
  selected: fc.boolean(),
  recurring: fc.boolean(),
});
const arbPricing = fc.record({
  unit: fc.constantFrom<PricingUnit>("DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "ITEMS", "NONE"),
  discount: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: 10_000 }).map((pct) => ({ type: "PERCENTAGE" as const, hundredths: pct })),
    fc.integer({ min: 0, max: 100 }).map((share) => ({ type: "AMOUNT" as const, share })),
  ),
  lines: fc.array(arbLine, { minLength: 0, maxLength: 5 }),
});
type Pricing = typeof arbPricing extends fc.Arbitrary<infer T> ? T : never;
const share = (of: bigint, percent: number) => (of * BigInt(percent)) / 100n;
function pricingInput(b: Pricing, name: string) {
  const recurringUnit = b.unit === "MONTH" || b.unit === "QUARTER" || b.unit === "YEAR";
  const lineItems = b.lines.map((l, i) => {
    const base = {
      name: `Line ${i}`,
      price: cents(l.priceCents),
      amount: `${Math.floor(l.thousandths / 1000)}.${String(l.thousandths % 1000).padStart(3, "0")}`,
      vatRate: rate(l.vat),
      optional: l.optional,
      selected: l.selected,
      recurring: recurringUnit && l.recurring,
    };
    const gross = lineTotalCents(base).gross;
    const discount = !l.discount
      ? { discountType: null, discountValue: null }
      : l.discount.type === "PERCENTAGE"
        ? { discountType: "PERCENTAGE", discountValue: rate(l.discount.hundredths) }
        : { discountType: "AMOUNT", discountValue: centsToString(share(gross, l.discount.share)) };
    return { ...base, ...discount };
  });
  const sum = lineItems.reduce((total, line) => total + lineTotalCents(line).total, 0n);
  return {
    name,
    content: null,
    pricingUnit: b.unit,
    discountType: b.discount?.type ?? null,
    discountValue: !b.discount ? null : b.discount.type === "PERCENTAGE" ? rate(b.discount.hundredths) : centsToString(share(sum, b.discount.share)),
    lineItems,
  };
}
const arbChange = fc.oneof(
  arbPricing.map((b) => ({ op: "create" as const, b })),
  fc.record({ op: fc.constant("update" as const), at: fc.nat(), b: arbPricing }),
  fc.record({ op: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.constant({ op: "text" as const }),
  fc.constant({ op: "reverse" as const }),
);

async function gqlOk<T>(query: string, variables: Record<string, unknown>) {
  const result = await t.gql<T>(query, variables, owner.headers());
  expect(result.errors).toBeUndefined();
  return result.data!;
}

type Change = typeof arbChange extends fc.Arbitrary<infer T> ? T : never;
async function arbChangeApply(quoteId: string, blockIds: string[], change: Change): Promise<string[]> {
  const pick = (at: number) => blockIds[at % blockIds.length];
  switch (change.op) {
    case "create": {
      const d = await gqlOk<{ createPricingQuoteBlock: { id: string } }>(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        { q: quoteId, i: pricingInput(change.b, "Priced") },
      );
      return [...blockIds, d.createPricingQuoteBlock.id];
    }
    case "text": {
      const d = await gqlOk<{ createTextQuoteBlock: { id: string } }>(
        "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
        { q: quoteId, i: { name: "Text", content: null } },
      );
      return [...blockIds, d.createTextQuoteBlock.id];
    }
    case "update": {
      if (blockIds.length === 0) return blockIds;
      const id = pick(change.at);
      const [block] = await t.db.select({ kind: quoteBlocks.kind }).from(quoteBlocks).where(eq(quoteBlocks.id, id));
      if (block.kind !== "PRICING") return blockIds;
      await gqlOk("mutation ($id: ID!, $i: PricingBlockInput!) { updatePricingQuoteBlock(id: $id, input: $i) { id } }", {
        id,
        i: pricingInput(change.b, "Changed"),
      });
      return blockIds;
    }
    case "delete": {
      if (blockIds.length === 0) return blockIds;
      const id = pick(change.at);
      await gqlOk("mutation ($id: ID!) { deleteQuoteBlock(id: $id) }", { id });
      return blockIds.filter((b) => b !== id);
    }
    case "duplicate": {
      if (blockIds.length === 0) return blockIds;
      const d = await gqlOk<{ duplicateQuoteBlock: { id: string } }>("mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { id } }", { id: pick(change.at) });
      return [...blockIds, d.duplicateQuoteBlock.id];
    }
    case "reverse": {
      const order = [...blockIds].reverse();
      await gqlOk("mutation ($q: ID!, $ids: [ID!]!) { updateQuoteBlockPositions(quoteId: $q, ids: $ids) { id } }", { q: quoteId, ids: order });
      return order;
    }
  }
}
describe("stored totals equal the computed totals (property, through the API)", () => {
  it("after every change of random pricing blocks, and in the published version", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbChange, { minLength: 1, maxLength: 5 }), fc.boolean(), async (changes, viaCopy) => {
        let quote = await createQuote(t, owner, customerId);
        let blockIds: string[] = [];
        for (const change of changes) {
          blockIds = await arbChangeApply(quote.id, blockIds, change);
          const computed = await computedFromLines(quote.id);
          expect(await stored(quote.id)).toEqual(computed);
          const read = await readThroughApi(quote.id);
          expect(read.quote.totals).toEqual(computed);
          expect(read.quote.total).toBe(computed.oneOff.totalExclVat);
          expect(read.quote.paymentDue.oneOffTotal).toBe(computed.oneOff.totalInclVat);
          expect(read.quotes.items.find((q) => q.id === quote.id)?.total).toBe(computed.oneOff.totalExclVat);
        }
        // A copy (duplicateQuote or createQuote's startFrom) stores its own, equal totals.
        const source = quote.id;
        if (viaCopy) {
          quote = (await gqlOk<{ duplicateQuote: typeof quote }>("mutation ($id: ID!) { duplicateQuote(id: $id) { id total } }", { id: source }))
            .duplicateQuote;
        } else {
          quote = (
            await gqlOk<{ createQuote: typeof quote & { total: string } }>(
              "mutation ($i: QuoteInput!, $s: QuoteStartInput) { createQuote(input: $i, startFrom: $s) { id total } }",
              {
                i: {
                  name: "Copy",
                  customerId,
                  language: "ENG",
                  currency: "EUR",
                  quoteDateAt: "2026-03-01",
                  quoteExpirationAt: "2099-03-31",
                  signable: true,
                },
                s: { quoteId: source },
              },
            )
          ).createQuote;
        }
        const computed = await computedFromLines(quote.id);
        expect(computed).toEqual(await computedFromLines(source));
        expect(await stored(quote.id)).toEqual(computed);
        expect(quote.total).toBe(computed.oneOff.totalExclVat);
        // Published: the version's totals (written by the same functions) are the stored ones.
        const published = await transition(t, owner, "publishQuote", source);
        expect(published.errors).toBeUndefined();
        const [version] = await t.db.select({ document: quoteVersions.document }).from(quoteVersions).where(eq(quoteVersions.quoteId, source));
        expect(version.document.document.totals).toEqual(await stored(source));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 15) },
    );
    // About a hundred API calls on the embedded database: 10 s on an idle machine, over 30 s (the
    // project's default) at a load of 15.
  }, 120_000);
});

describe("stored totals are never stale", () => {
  it("a line or block changed by any other path clears them, readers compute; a reorder or rename keeps them", async () => {
    const quote = await createQuote(t, owner, customerId);
    const created = await gqlOk<{ createPricingQuoteBlock: { id: string } }>(
      "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
      {
        q: quote.id,
        i: pricingInput(
          {
            unit: "DAY",
            discount: null,
            lines: [{ priceCents: 10_000, thousandths: 2000, vat: 2100, discount: null, optional: false, selected: true, recurring: false }],
          },
          "Work",
        ),
      },
    );
    const blockId = created.createPricingQuoteBlock.id;
    await gqlOk("mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }", {
      q: quote.id,
      i: { name: "Intro", content: null },
    });
    expect((await stored(quote.id))?.oneOff.totalExclVat).toBe("200.00");
    const blocks = await t.db.select({ id: quoteBlocks.id }).from(quoteBlocks).where(eq(quoteBlocks.quoteId, quote.id)).orderBy(asc(quoteBlocks.position));
    await gqlOk("mutation ($q: ID!, $ids: [ID!]!) { updateQuoteBlockPositions(quoteId: $q, ids: $ids) { id } }", {
      q: quote.id,
      ids: blocks.map((b) => b.id).reverse(),
    });
    await t.db.update(quoteBlocks).set({ name: "Renamed" }).where(eq(quoteBlocks.id, blockId));
    expect((await stored(quote.id))?.oneOff.totalExclVat).toBe("200.00");

    await t.db.update(quoteLineItems).set({ priceCents: 15_000 }).where(eq(quoteLineItems.blockId, blockId));
    expect(await stored(quote.id)).toBeNull();
    expect((await readThroughApi(quote.id)).quote.total).toBe("300.00");
    await t.db.update(quoteBlocks).set({ discountType: "AMOUNT", discountValue: "50" }).where(eq(quoteBlocks.id, blockId));
    expect((await readThroughApi(quote.id)).quote.total).toBe("250.00");
    // The next change through the service stores them again.
    await gqlOk("mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }", {
      q: quote.id,
      i: { name: "Outro", content: null },
    });
    expect(await stored(quote.id)).toBeNull(); // a text block does not change totals: nothing written
    await gqlOk("mutation ($id: ID!) { duplicateQuoteBlock(id: $id) { id } }", { id: blockId });
    expect((await stored(quote.id))?.oneOff.totalExclVat).toBe("500.00");
    expect(await stored(quote.id)).toEqual(await computedFromLines(quote.id));
    // Lines added straight to the database (as older code and the tests' helpers do).
    await addBlocks(t, quote.id);
    expect(await stored(quote.id)).toBeNull();
    expect((await readThroughApi(quote.id)).quote.total).toBe((await computedFromLines(quote.id)).oneOff.totalExclVat);
  });

  it("the backfill fills every empty one with the computed totals and leaves stored ones alone", async () => {
    const user = await signUp(t, { company: "Old Co" });
    const customer = await createCustomer(t, user);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const q = await createQuote(t, user, customer.id, { name: `Old ${i}` });
      if (i % 2 === 0) await addBlocks(t, q.id);
      ids.push(q.id);
    }
    // As before the migration: no stored totals at all.
    await t.db.update(quotes).set({ totals: null }).where(inArray(quotes.id, ids));
    const sentinel = computeTotals([]);
    sentinel.oneOff.totalExclVat = "12345.67";
    await t.db.update(quotes).set({ totals: sentinel }).where(eq(quotes.id, ids[6]));
    const filled = await backfillQuoteTotals(t.db, 2); // small batches: the loop is exercised
    expect(filled).toBeGreaterThanOrEqual(6);
    for (const id of ids.slice(0, 6)) expect(await stored(id)).toEqual(await computedFromLines(id));
    expect((await stored(ids[6]))?.oneOff.totalExclVat).toBe("12345.67");
    expect(await backfillQuoteTotals(t.db)).toBe(0);
  });
});
