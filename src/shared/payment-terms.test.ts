import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PricingUnit } from "./enums";
import {
  NO_PAYMENT_TERMS,
  type PaymentTerms,
  ZPaymentTermsInput,
  paymentDue,
  paymentDueFromTotals,
  paymentTermsOutput,
  samePaymentTerms,
} from "./payment-terms";
import type { QuoteDocumentBlock, QuoteDocumentLine } from "./quote-document";
import { ZQuoteInput } from "./quotes";
import { blockTotals, computeTotalsCents } from "./totals";
import { type HandBlock, type HandLine, handDue, handOneOffInclVat, rateText } from "../../tests/support/hand-totals";

const terms = (t: Partial<PaymentTerms>): PaymentTerms => ({ ...NO_PAYMENT_TERMS, ...t });
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

type Line = Omit<QuoteDocumentLine, "total">;
function block(id: string, unit: PricingUnit, lines: Line[], discount: { type: string; value: string } | null = null): QuoteDocumentBlock {
  const pricing = { unit, lines: lines.map((l) => ({ ...l, total: "0.00" })), discountType: discount?.type ?? null, discountValue: discount?.value ?? null };
  return {
    id,
    name: id,
    content: null,
    pricing: {
      ...pricing,
      totals: blockTotals({
        pricingUnit: unit,
        discountType: pricing.discountType,
        discountValue: pricing.discountValue,
        lineItems: pricing.lines.map((l) => ({ ...l, vatRate: l.vatRate ?? "0" })),
      }),
    },
  };
}
const line = (id: string, price: string, extra: Partial<Line> = {}): Line => ({ id, name: id, price, amount: "1", vatRate: "21", ...extra });

describe("paymentDue: worked examples (by hand)", () => {
  // Block A (DAY): 8 × 125.00 = 1000.00 at 21 %; optional "Extra" 200.00 at 9 % (not ticked by default).
  // Block B (MONTH): recurring hosting 50.00 at 21 %, and a one-off setup 100.00 at 21 % with 10 % off.
  const doc = {
    blocks: [
      block("A", "DAY", [line("design", "125.00", { amount: "8" }), line("extra", "200.00", { vatRate: "9", optional: true, selected: false })]),
      block("B", "MONTH", [line("hosting", "50.00", { recurring: true }), line("setup", "100.00", { discountType: "PERCENTAGE", discountValue: "10" })]),
      { id: "T", name: "Text", content: null, pricing: null },
    ],
  };

  it("the default selection: one-off = 1000 + 21 % (1210.00) + 90 + 21 % (108.90) = 1318.90", () => {
    expect(paymentDue(doc, null, terms({ mode: "FULL" }))).toMatchObject({ oneOffTotalCents: 131_890n, amountCents: 131_890n, capped: false, recurring: [] });
    // 30 % of 1318.90 = 395.67
    expect(paymentDue(doc, null, terms({ mode: "DEPOSIT_PERCENT", percent: 30 })).amountCents).toBe(39_567n);
    expect(paymentDue(doc, null, terms({ mode: "NONE" })).amountCents).toBe(0n);
  });

  it("the customer's selection: ticking Extra adds 200 + 9 % = 218.00 (one-off 1536.90; 30 % = 461.07)", () => {
    expect(paymentDue(doc, ["extra"], terms({ mode: "FULL" })).amountCents).toBe(153_690n);
    expect(paymentDue(doc, ["extra"], terms({ mode: "DEPOSIT_PERCENT", percent: 30 })).amountCents).toBe(46_107n);
    // An empty selection unticks every optional line: the default total again here.
    expect(paymentDue(doc, [], terms({ mode: "FULL" })).amountCents).toBe(131_890n);
  });

  it("a fixed deposit is charged as set, but never more than the one-off total", () => {
    expect(paymentDue(doc, null, terms({ mode: "DEPOSIT_FIXED", fixedCents: 50_000n }))).toMatchObject({ amountCents: 50_000n, capped: false });
    expect(paymentDue(doc, null, terms({ mode: "DEPOSIT_FIXED", fixedCents: 200_000n }))).toMatchObject({ amountCents: 131_890n, capped: true });
  });

  it("recurring lines: 50.00 + 21 % = 60.50 per month, listed only with startRecurring, never in the one-off amount", () => {
    expect(paymentDue(doc, null, terms({ mode: "FULL", startRecurring: true })).recurring).toEqual([{ interval: "MONTH", amountCents: 6_050n }]);
    expect(paymentDue(doc, null, terms({ mode: "NONE", startRecurring: true }))).toMatchObject({
      amountCents: 0n,
      recurring: [{ interval: "MONTH", amountCents: 6_050n }],
    });
  });

  it("rounds a percentage half away from zero: 33 % of 0.50 = 0.165 → 0.17", () => {
    const small = { blocks: [block("S", "NONE", [line("pen", "0.50", { vatRate: "0" })])] };
    expect(paymentDue(small, null, terms({ mode: "DEPOSIT_PERCENT", percent: 33 })).amountCents).toBe(17n);
  });
});

// ---------------------------------------------------------------------------------------------
// Property-based: an independent hand calculation over options, VAT rates, discounts, currencies.

function toDocument(blocks: HandBlock[]): { blocks: QuoteDocumentBlock[] } {
  return {
    blocks: blocks.map((b, i) =>
      block(
        `b${i}`,
        b.unit,
        b.lines.map((l) => ({
          id: l.id,
          name: l.id,
          price: money(l.priceCents),
          amount: `${Math.floor(l.thousandths / 1000)}.${String(l.thousandths % 1000).padStart(3, "0")}`,
          vatRate: rateText(b.rateHundredths),
          discountType: l.discount === null ? null : "pct" in l.discount ? "PERCENTAGE" : "AMOUNT",
          discountValue: l.discount === null ? null : "pct" in l.discount ? rateText(l.discount.pct) : money(l.discount.cents),
          optional: l.optional,
          selected: l.selected,
          recurring: l.recurring,
        })),
        b.blockPct === null ? null : { type: "PERCENTAGE", value: rateText(b.blockPct) },
      ),
    ),
  };
}

let lineCounter = 0;
const arbHandLine: fc.Arbitrary<HandLine> = fc.record({
  id: fc.constant("").map(() => `l${lineCounter++}`),
  priceCents: fc.integer({ min: 0, max: 5_000_000 }),
  thousandths: fc.integer({ min: 1, max: 50_000 }),
  discount: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: 10_000 }).map((pct) => ({ pct })),
    fc.integer({ min: 0, max: 1_000_000 }).map((cents) => ({ cents })),
  ),
  optional: fc.boolean(),
  selected: fc.boolean(),
  recurring: fc.boolean(),
});
const arbHandBlock: fc.Arbitrary<HandBlock> = fc.record({
  unit: fc.constantFrom<PricingUnit>("DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "ITEMS", "NONE"),
  rateHundredths: fc.constantFrom(2100, 900, 0, 2000, 500, 550),
  blockPct: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  lines: fc.array(arbHandLine, { maxLength: 6 }),
});
const arbHandBlocks = fc.array(arbHandBlock, { maxLength: 5 });
const arbTerms: fc.Arbitrary<PaymentTerms> = fc.oneof(
  fc.constant(terms({ mode: "NONE" })),
  fc.integer({ min: 1, max: 100 }).map((percent) => terms({ mode: "DEPOSIT_PERCENT", percent })),
  fc.bigInt({ min: 1n, max: 100_000_000_000n }).map((fixedCents) => terms({ mode: "DEPOSIT_FIXED", fixedCents })),
  fc.constant(terms({ mode: "FULL" })),
);
/** The customer's selection: a random subset of the optional lines. */
const withSelection = arbHandBlocks.chain((blocks) => {
  const optional = blocks.flatMap((b) => b.lines.filter((l) => l.optional).map((l) => l.id));
  return fc.tuple(fc.constant(blocks), fc.subarray(optional));
});

describe("paymentDue: properties", () => {
  it("equals the hand calculation for every mode, selection, VAT rate and discount", () => {
    // Currencies: the calculation takes none (cents of the quote's currency); the integration
    // test (tests/integration/payment-terms.test.ts) checks EUR, USD and GBP quotes agree.
    fc.assert(
      fc.property(withSelection, arbTerms, ([blocks, selection], t) => {
        const oneOff = handOneOffInclVat(blocks, new Set(selection));
        const due = paymentDue(toDocument(blocks), selection, t);
        expect(due.oneOffTotalCents).toBe(oneOff);
        expect(due.amountCents).toBe(handDue(oneOff, t));
        expect(due.capped).toBe(t.mode === "DEPOSIT_FIXED" && (t.fixedCents ?? 0n) > oneOff);
      }),
      { numRuns: 300 },
    );
  });

  it("never charges more than the one-off total, nor less than 0; FULL is 100 %; a deposit grows with its percentage", () => {
    fc.assert(
      fc.property(withSelection, arbTerms, fc.integer({ min: 1, max: 99 }), ([blocks, selection], t, p) => {
        const doc = toDocument(blocks);
        const due = paymentDue(doc, selection, t);
        expect(due.amountCents >= 0n && due.amountCents <= due.oneOffTotalCents).toBe(true);
        const full = paymentDue(doc, selection, terms({ mode: "FULL" })).amountCents;
        expect(paymentDue(doc, selection, terms({ mode: "DEPOSIT_PERCENT", percent: 100 })).amountCents).toBe(full);
        const lower = paymentDue(doc, selection, terms({ mode: "DEPOSIT_PERCENT", percent: p })).amountCents;
        const higher = paymentDue(doc, selection, terms({ mode: "DEPOSIT_PERCENT", percent: p + 1 })).amountCents;
        expect(lower <= higher).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("reads the totals module: the amount is the selected one-off total's, recurring parts are listed apart and never added", () => {
    fc.assert(
      fc.property(withSelection, arbTerms, fc.boolean(), ([blocks, selection], t, start) => {
        const chosen = new Set(selection);
        const selected = blocks.map((b) => ({ ...b, lines: b.lines.map((l) => ({ ...l, selected: !l.optional || chosen.has(l.id) })) }));
        const totals = computeTotalsCents(
          toDocument(selected).blocks.map((b) => ({
            pricingUnit: b.pricing!.unit,
            discountType: b.pricing!.discountType,
            discountValue: b.pricing!.discountValue,
            lineItems: b.pricing!.lines.map((l) => ({ ...l, vatRate: l.vatRate ?? "0" })),
          })),
        );
        const due = paymentDue(toDocument(blocks), selection, { ...t, startRecurring: start });
        expect(due).toEqual(paymentDueFromTotals(totals, { ...t, startRecurring: start }));
        expect(due.recurring).toEqual(
          start ? totals.recurring.filter((r) => r.totalInclVat > 0n).map((r) => ({ interval: r.interval, amountCents: r.totalInclVat })) : [],
        );
        // Recurring lines removed: the one-off amount does not move.
        const oneOffOnly = blocks.map((b) => ({ ...b, lines: b.lines.filter((l) => !(l.recurring && ["MONTH", "QUARTER", "YEAR"].includes(b.unit))) }));
        expect(paymentDue(toDocument(oneOffOnly), selection, t).amountCents).toBe(due.amountCents);
      }),
      { numRuns: 200 },
    );
  });
});

describe("ZPaymentTermsInput", () => {
  const parse = (input: unknown) => ZPaymentTermsInput.safeParse(input);
  const message = (input: unknown) => {
    const r = parse(input);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("keeps only the value the mode uses", () => {
    expect(parse({ mode: "DEPOSIT_PERCENT", percent: "30", amount: "12.00", payToAccept: true }).data).toEqual(
      terms({ mode: "DEPOSIT_PERCENT", percent: 30, payToAccept: true }),
    );
    expect(parse({ mode: "DEPOSIT_FIXED", percent: "30", amount: "250.5" }).data).toEqual(terms({ mode: "DEPOSIT_FIXED", fixedCents: 25_050n }));
    expect(parse({ mode: "FULL", payToAccept: true, startRecurring: true }).data).toEqual(terms({ mode: "FULL", payToAccept: true, startRecurring: true }));
    // Nothing to pay: pay-to-accept means nothing.
    expect(parse({ mode: "NONE", percent: "30", payToAccept: true }).data).toEqual(NO_PAYMENT_TERMS);
    expect(parse({ mode: "NONE", payToAccept: true, startRecurring: true }).data).toEqual(terms({ payToAccept: true, startRecurring: true }));
  });

  it("refuses a percentage outside 1–100 or not whole, an amount of 0, negative, with 3 decimals or too large, an unknown mode", () => {
    for (const percent of ["0", "101", "12.5", "", null, "abc", "-5", 0, 1.5]) {
      expect(message({ mode: "DEPOSIT_PERCENT", percent }), String(percent)).toEqual(["percent: quotes:validation.paymentPercentInvalid"]);
    }
    expect(message({ mode: "DEPOSIT_PERCENT", percent: 100 })).toBeNull();
    expect(message({ mode: "DEPOSIT_PERCENT", percent: "1" })).toBeNull();
    for (const amount of ["0", "0.00", "-1.00", "1.234", "", null, "1e3", "1000000000.01"]) {
      expect(message({ mode: "DEPOSIT_FIXED", amount }), String(amount)).toEqual(["amount: quotes:validation.paymentAmountInvalid"]);
    }
    expect(message({ mode: "DEPOSIT_FIXED", amount: "0.01" })).toBeNull();
    expect(message({ mode: "DEPOSIT_FIXED", amount: "1000000000.00" })).toBeNull();
    expect(message({ mode: "HALF" })).toEqual(["mode: quotes:validation.paymentModeInvalid"]);
  });

  it("is optional in the quote input, with its errors under paymentTerms.*", () => {
    const base = {
      name: "Q",
      customerId: "6f1f8f0e-3c1a-4f57-9a8e-0b8b0c6a9d11",
      language: "ENG",
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-02-01",
    };
    expect(ZQuoteInput.parse(base).paymentTerms).toBeUndefined();
    const r = ZQuoteInput.safeParse({ ...base, paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "0" } });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join("."))).toEqual(["paymentTerms.percent"]);
  });

  it("writes the fixed amount as an exact decimal and compares terms by value", () => {
    expect(paymentTermsOutput(terms({ mode: "DEPOSIT_FIXED", fixedCents: 100_000_000_000n })).amount).toBe("1000000000.00");
    expect(samePaymentTerms(terms({ mode: "FULL" }), terms({ mode: "FULL" }))).toBe(true);
    expect(samePaymentTerms(terms({ mode: "FULL" }), terms({ mode: "FULL", payToAccept: true }))).toBe(false);
  });
});
