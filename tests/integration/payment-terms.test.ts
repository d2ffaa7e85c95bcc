import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { accounts, quoteLineItems } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import type { PricingUnit } from "../../src/shared/enums";
import type { PaymentTerms } from "../../src/shared/payment-terms";
import { type HandBlock, handDue, handOneOffInclVat, rateText } from "../support/hand-totals";
import { addBlocks, createCustomer, createQuote, quoteInput, transition } from "../support/quotes";

/**
 * Payment terms on a quote (issue 26, first slice; decision 057): `Quote.paymentTerms` set through
 * updateQuote (and createQuote), validated with EN/NL messages, scoped to the account, locked once
 * published (service and database), a Basic/Pro feature (the trial has it), and `Quote.paymentDue`
 * computed from the selected lines incl. VAT.
 */

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Pay Co" });
  customerId = (await createCustomer(t, owner, { name: "Café Zoë" })).id;
});
afterAll(async () => {
  await t.close();
});

const TERMS = "paymentTerms { mode percent amount payToAccept startRecurring } paymentDue { amount oneOffTotal capped recurring { interval amount } }";
const UPDATE = `mutation ($id: ID!, $input: QuoteInput!) { updateQuote(id: $id, input: $input) { id name ${TERMS} } }`;
const GET = `query ($id: ID!) { quote(id: $id) { id ${TERMS} } }`;

type Terms = { mode: string; percent: number | null; amount: string | null; payToAccept: boolean; startRecurring: boolean };
type Due = { amount: string; oneOffTotal: string; capped: boolean; recurring: { interval: string; amount: string }[] };
type Updated = { updateQuote: { id: string; name: string; paymentTerms: Terms; paymentDue: Due } };

const update = (user: SignedIn, id: string, paymentTerms: unknown, headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) =>
  t.gql<Updated>(
    UPDATE,
    { id, input: { ...quoteInput(customerId, overrides), ...(paymentTerms === undefined ? {} : { paymentTerms }) } },
    { ...user.headers(), ...headers },
  );
const fields = (result: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.fields as Record<string, string> | undefined;
const setAccount = (accountId: string, values: Partial<typeof accounts.$inferInsert>) => t.db.update(accounts).set(values).where(eq(accounts.id, accountId));

describe("setting payment terms", () => {
  it("a new quote has none; each mode is stored and read back, with the amount due from the lines incl. VAT", async () => {
    const quote = await createQuote(t, owner, customerId);
    const pricing = await addBlocks(t, quote.id); // one-off 1019.99 at 0 % VAT
    // 21 % VAT on the 1000.00 design line: 1000 + 210 + 29.99 − 10 = 1229.99 incl. VAT.
    await t.db.update(quoteLineItems).set({ vatRate: "21" }).where(sql`${quoteLineItems.blockId} = ${pricing.id} and ${quoteLineItems.name} = 'Design'`);
    const initial = await t.gql<{ quote: { paymentTerms: Terms; paymentDue: Due } }>(GET, { id: quote.id }, owner.headers());
    expect(initial.data?.quote.paymentTerms).toEqual({ mode: "NONE", percent: null, amount: null, payToAccept: false, startRecurring: false });
    expect(initial.data?.quote.paymentDue).toEqual({ amount: "0.00", oneOffTotal: "1229.99", capped: false, recurring: [] });

    const percent = await update(owner, quote.id, { mode: "DEPOSIT_PERCENT", percent: "30", amount: "99.00", payToAccept: true });
    expect(percent.errors).toBeUndefined();
    expect(percent.data?.updateQuote.paymentTerms).toEqual({ mode: "DEPOSIT_PERCENT", percent: 30, amount: null, payToAccept: true, startRecurring: false });
    expect(percent.data?.updateQuote.paymentDue.amount).toBe("369.00"); // 30 % of 1229.99 = 368.997

    const fixed = await update(owner, quote.id, { mode: "DEPOSIT_FIXED", amount: "250.5", startRecurring: true });
    expect(fixed.data?.updateQuote.paymentTerms).toEqual({ mode: "DEPOSIT_FIXED", percent: null, amount: "250.50", payToAccept: false, startRecurring: true });
    expect(fixed.data?.updateQuote.paymentDue).toMatchObject({ amount: "250.50", capped: false });

    const tooMuch = await update(owner, quote.id, { mode: "DEPOSIT_FIXED", amount: "5000.00" });
    expect(tooMuch.data?.updateQuote.paymentDue).toMatchObject({ amount: "1229.99", capped: true });

    const full = await update(owner, quote.id, { mode: "FULL", payToAccept: true });
    expect(full.data?.updateQuote.paymentTerms).toMatchObject({ mode: "FULL", payToAccept: true });
    expect(full.data?.updateQuote.paymentDue.amount).toBe("1229.99");

    // Omitted: the terms stay as they are.
    const renamed = await update(owner, quote.id, undefined, {}, { name: "Renamed" });
    expect(renamed.data?.updateQuote).toMatchObject({ name: "Renamed", paymentTerms: { mode: "FULL", payToAccept: true } });
    const [stored] = await queryRows(
      t.db,
      sql`select payment_mode, payment_percent, payment_fixed_cents, payment_pay_to_accept from quotes where id = ${quote.id}`,
    );
    expect(stored).toMatchObject({ payment_mode: "FULL", payment_percent: null, payment_fixed_cents: null, payment_pay_to_accept: true });

    const none = await update(owner, quote.id, { mode: "NONE", payToAccept: true });
    expect(none.data?.updateQuote.paymentTerms).toEqual({ mode: "NONE", percent: null, amount: null, payToAccept: false, startRecurring: false });
  });

  it("lists each interval's recurring charge incl. VAT with startRecurring, apart from the one-off amount", async () => {
    const quote = await createQuote(t, owner, customerId, { paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "50", startRecurring: true } });
    const pricing = await addBlocks(t, quote.id);
    await t.db
      .insert(quoteLineItems)
      .values({ blockId: pricing.id, position: 3, name: "Support", priceCents: 10_000, amount: "1", vatRate: "21", recurring: true });
    await t.db.execute(sql`update quote_blocks set pricing_unit = 'MONTH' where id = ${pricing.id}`);
    const read = await t.gql<{ quote: { paymentTerms: Terms; paymentDue: Due } }>(GET, { id: quote.id }, owner.headers());
    expect(read.data?.quote.paymentTerms).toMatchObject({ mode: "DEPOSIT_PERCENT", percent: 50, startRecurring: true });
    expect(read.data?.quote.paymentDue).toEqual({
      amount: "510.00",
      oneOffTotal: "1019.99",
      capped: false,
      recurring: [{ interval: "MONTH", amount: "121.00" }],
    });
  });

  it("asks the same cents in every currency (EUR, USD, GBP): the amount is in the quote's own currency", async () => {
    const amounts = [];
    for (const currency of ["EUR", "USD", "GBP"]) {
      const quote = await createQuote(t, owner, customerId, { currency, paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "33" } });
      await addBlocks(t, quote.id);
      const read = await t.gql<{ quote: { paymentDue: Due } }>(GET, { id: quote.id }, owner.headers());
      amounts.push(read.data?.quote.paymentDue.amount);
    }
    expect(amounts).toEqual(["336.60", "336.60", "336.60"]); // 33 % of 1019.99 = 336.5967
  });

  it("refuses bad terms with a message on the field, in English and Dutch, changing nothing", async () => {
    const quote = await createQuote(t, owner, customerId);
    const cases: [unknown, string, string, string][] = [
      [
        { mode: "DEPOSIT_PERCENT", percent: "0" },
        "paymentTerms.percent",
        "Enter a whole percentage from 1 to 100.",
        "Vul een heel percentage van 1 tot en met 100 in.",
      ],
      [
        { mode: "DEPOSIT_PERCENT", percent: "150" },
        "paymentTerms.percent",
        "Enter a whole percentage from 1 to 100.",
        "Vul een heel percentage van 1 tot en met 100 in.",
      ],
      [{ mode: "DEPOSIT_PERCENT" }, "paymentTerms.percent", "Enter a whole percentage from 1 to 100.", "Vul een heel percentage van 1 tot en met 100 in."],
      [
        { mode: "DEPOSIT_FIXED", amount: "0.00" },
        "paymentTerms.amount",
        "Enter an amount of more than 0 (at most 1,000,000,000), with at most 2 decimals.",
        "Vul een bedrag van meer dan 0 in (hoogstens 1.000.000.000), met hoogstens 2 decimalen.",
      ],
      [
        { mode: "DEPOSIT_FIXED", amount: "-5" },
        "paymentTerms.amount",
        "Enter an amount of more than 0 (at most 1,000,000,000), with at most 2 decimals.",
        "Vul een bedrag van meer dan 0 in (hoogstens 1.000.000.000), met hoogstens 2 decimalen.",
      ],
      [
        { mode: "HALF" },
        "paymentTerms.mode",
        "Choose no payment, a deposit as a percentage, a fixed deposit or the full amount.",
        "Kies geen betaling, een aanbetaling als percentage, een vaste aanbetaling of het volledige bedrag.",
      ],
    ];
    for (const [terms, field, english, dutch] of cases) {
      const en = await update(owner, quote.id, terms);
      expect(en.errors?.[0].extensions?.code, JSON.stringify(terms)).toBe("BAD_USER_INPUT");
      expect(fields(en)?.[field], JSON.stringify(terms)).toBe(english);
      expect(en.data).toBeNull();
      const nl = await update(owner, quote.id, terms, { "accept-language": "nl" });
      expect(fields(nl)?.[field], JSON.stringify(terms)).toBe(dutch);
      expect(nl.errors?.[0].message).toBe(dutch);
    }
    const read = await t.gql<{ quote: { paymentTerms: Terms } }>(GET, { id: quote.id }, owner.headers());
    expect(read.data?.quote.paymentTerms.mode).toBe("NONE");
  });

  it("is scoped to the account: another account can neither read nor set a quote's terms", async () => {
    const quote = await createQuote(t, owner, customerId, { paymentTerms: { mode: "FULL" } });
    const other = await signUp(t, { company: "Other Co" });
    const otherCustomer = await createCustomer(t, other);
    const read = await t.gql(GET, { id: quote.id }, other.headers());
    expect(read.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const write = await t.gql(UPDATE, { id: quote.id, input: quoteInput(otherCustomer.id, { paymentTerms: { mode: "NONE" } }) }, other.headers());
    expect(write.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    // Another account's id in the acting-account header is refused too.
    const foreign = await t.gql(UPDATE, { id: quote.id, input: quoteInput(customerId, { paymentTerms: { mode: "NONE" } }) }, other.headers(owner.accountId));
    expect(foreign.data?.updateQuote ?? null).toBeNull();
    const still = await t.gql<{ quote: { paymentTerms: Terms } }>(GET, { id: quote.id }, owner.headers());
    expect(still.data?.quote.paymentTerms.mode).toBe("FULL");
  });

  it("locks the terms once published: the service refuses, and so does the database", async () => {
    const quote = await createQuote(t, owner, customerId, { paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "40" } });
    await addBlocks(t, quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const refused = await update(owner, quote.id, { mode: "FULL" });
    expect(refused.errors?.[0].extensions?.code).toBe("CONFLICT");
    let message = "no error";
    try {
      await t.db.execute(sql`update quotes set payment_percent = 50 where id = ${quote.id}`);
    } catch (error) {
      message = `${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? "")}`;
    }
    expect(message).toMatch(/offerly:quote_locked/);
    // The database refuses terms that do not hold together, whatever writes them.
    const draft = await createQuote(t, owner, customerId);
    for (const statement of [
      sql`update quotes set payment_mode = 'DEPOSIT_PERCENT' where id = ${draft.id}`,
      sql`update quotes set payment_mode = 'FULL', payment_percent = 30 where id = ${draft.id}`,
      sql`update quotes set payment_mode = 'DEPOSIT_FIXED', payment_fixed_cents = 0 where id = ${draft.id}`,
      sql`update quotes set payment_mode = 'HALF' where id = ${draft.id}`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
  });
});

describe("plans", () => {
  const PLAN_EN = "This needs the Basic plan (or higher). Upgrade in Settings → Billing.";
  const PLAN_NL = "Hiervoor heb je het Basic-abonnement (of hoger) nodig. Upgrade via Instellingen → Facturatie.";

  it("the trial has payment terms; Basic and Pro have them; Starter is refused with the upgrade reason, in EN and NL", async () => {
    const user = await signUp(t, { company: "Plan Co" });
    const customer = await createCustomer(t, user);
    const quote = await createQuote(t, user, customer.id);
    const set = (terms: unknown, headers: Record<string, string> = {}) =>
      t.gql<Updated>(UPDATE, { id: quote.id, input: quoteInput(customer.id, { paymentTerms: terms }) }, { ...user.headers(), ...headers });
    // On trial (the trial plan, Pro):
    expect((await set({ mode: "DEPOSIT_PERCENT", percent: "25" })).data?.updateQuote.paymentTerms.mode).toBe("DEPOSIT_PERCENT");
    for (const plan of ["BASIC", "PRO"] as const) {
      await setAccount(user.accountId!, { subscriptionPlan: plan, subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
      expect((await set({ mode: "FULL", payToAccept: plan === "PRO" })).data?.updateQuote.paymentTerms.mode, plan).toBe("FULL");
    }
    await setAccount(user.accountId!, { subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
    const refused = await set({ mode: "DEPOSIT_FIXED", amount: "100.00" });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", reason: "PLAN_REQUIRED", feature: "payments", plan: "BASIC" });
    expect(refused.errors?.[0].message).toBe(PLAN_EN);
    expect((await set({ mode: "DEPOSIT_PERCENT", percent: "10" }, { "accept-language": "nl" })).errors?.[0].message).toBe(PLAN_NL);
    // A subscription alone (startRecurring) is a payment too.
    expect((await set({ mode: "NONE", startRecurring: true })).errors?.[0].extensions?.reason).toBe("PLAN_REQUIRED");
    // Unchanged terms and "none" are never refused: the draft can still be edited and the terms removed.
    const kept = await set({ mode: "FULL", payToAccept: true }); // as Pro left them
    expect(kept.errors).toBeUndefined();
    expect((await set({ mode: "NONE" })).data?.updateQuote.paymentTerms.mode).toBe("NONE");
    const created = await t.gql(
      "mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }",
      { input: quoteInput(customer.id, { paymentTerms: { mode: "FULL" } }) },
      user.headers(),
    );
    expect(created.errors?.[0].extensions?.reason).toBe("PLAN_REQUIRED");
  });

  it("an expired trial cannot set new terms (the existing trial rule); a copy on Starter drops them", async () => {
    const user = await signUp(t, { company: "Expired Co" });
    const customer = await createCustomer(t, user);
    const quote = await createQuote(t, user, customer.id, { paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "20" } });
    await setAccount(user.accountId!, { expiredAt: new Date(Date.now() - 86_400_000) });
    const refused = await t.gql(UPDATE, { id: quote.id, input: quoteInput(customer.id, { paymentTerms: { mode: "FULL" } }) }, user.headers());
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(refused.errors?.[0].message).toMatch(/trial/i);

    await setAccount(user.accountId!, { subscriptionPlan: "PRO", subscriptionInterval: "YEARLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
    const DUPLICATE = "mutation ($id: ID!) { duplicateQuote(id: $id) { id paymentTerms { mode percent } } }";
    const copy = await t.gql<{ duplicateQuote: { paymentTerms: { mode: string; percent: number | null } } }>(DUPLICATE, { id: quote.id }, user.headers());
    expect(copy.data?.duplicateQuote.paymentTerms).toEqual({ mode: "DEPOSIT_PERCENT", percent: 20 });
    await setAccount(user.accountId!, { subscriptionPlan: "STARTER", subscriptionInterval: "YEARLY" });
    const starterCopy = await t.gql<{ duplicateQuote: { paymentTerms: { mode: string } } }>(DUPLICATE, { id: quote.id }, user.headers());
    expect(starterCopy.errors).toBeUndefined();
    expect(starterCopy.data?.duplicateQuote.paymentTerms.mode).toBe("NONE");
  });
});

/**
 * The property through the API, end to end: random pricing blocks (units, one VAT rate per
 * block, line and block percentage discounts, line amount discounts, optional lines, recurring lines
 * where the unit allows them), a random currency and random terms; the quote is published, the
 * customer signs with a random choice of the optional lines, and the amount frozen with the
 * signature equals the independent hand calculation (tests/support/hand-totals.ts) to the cent.
 */
describe("the amount frozen at signing equals the hand calculation (property, through the API)", () => {
  const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
  const arbBlock: fc.Arbitrary<HandBlock> = fc
    .record({
      unit: fc.constantFrom<PricingUnit>("DAY", "WEEK", "MONTH", "QUARTER", "YEAR", "ITEMS", "NONE"),
      rateHundredths: fc.constantFrom(2100, 900, 0, 550),
      blockPct: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
      lines: fc.array(
        fc.record({
          priceCents: fc.integer({ min: 0, max: 2_000_000 }),
          thousandths: fc.integer({ min: 1_000, max: 20_000 }), // at least 1: an amount discount stays under the line's gross
          discount: fc.oneof(
            fc.constant(null),
            fc.integer({ min: 0, max: 10_000 }).map((pct) => ({ pct })),
            fc.integer({ min: 0, max: 100 }).map((share) => ({ share })),
          ),
          optional: fc.boolean(),
          selected: fc.boolean(),
          recurring: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map((b) => {
      const recurringUnit = b.unit === "MONTH" || b.unit === "QUARTER" || b.unit === "YEAR";
      return {
        ...b,
        lines: b.lines.map((l, i) => ({
          id: `line ${i}`,
          priceCents: l.priceCents,
          thousandths: l.thousandths,
          // An amount discount: a share of the price (so at most the line's gross).
          discount: l.discount === null || "pct" in l.discount ? l.discount : { cents: Math.floor((l.priceCents * l.discount.share) / 100) },
          optional: l.optional,
          selected: l.selected,
          recurring: recurringUnit && l.recurring,
        })),
      };
    });
  const arbTerms = fc.oneof(
    fc
      .integer({ min: 1, max: 100 })
      .map((percent) => ({ input: { mode: "DEPOSIT_PERCENT", percent: String(percent) }, hand: { mode: "DEPOSIT_PERCENT", percent } })),
    fc
      .integer({ min: 1, max: 5_000_000 })
      .map((fixed) => ({ input: { mode: "DEPOSIT_FIXED", amount: cents(fixed) }, hand: { mode: "DEPOSIT_FIXED", fixedCents: BigInt(fixed) } })),
    fc.constant({ input: { mode: "FULL" }, hand: { mode: "FULL" } }),
  );

  it("for every combination of options, VAT rates, discounts, currencies and terms", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbBlock, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("EUR", "USD", "GBP"),
        arbTerms,
        fc.infiniteStream(fc.boolean()),
        async (blocks, currency, terms, choices) => {
          const quote = await createQuote(t, owner, customerId, { currency, signable: true, paymentTerms: terms.input });
          const optionalIds = new Map<string, string>(); // hand id → the server's line id
          for (const [b, block] of blocks.entries()) {
            const created = await t.gql<{ createPricingQuoteBlock: { quoteLineItems: { id: string }[] } }>(
              "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { quoteLineItems { id } } }",
              {
                q: quote.id,
                i: {
                  name: `Block ${b}`,
                  content: null,
                  pricingUnit: block.unit,
                  discountType: block.blockPct === null ? null : "PERCENTAGE",
                  discountValue: block.blockPct === null ? null : rateText(block.blockPct),
                  lineItems: block.lines.map((l) => ({
                    name: l.id,
                    price: cents(l.priceCents),
                    amount: `${Math.floor(l.thousandths / 1000)}.${String(l.thousandths % 1000).padStart(3, "0")}`,
                    vatRate: rateText(block.rateHundredths),
                    discountType: l.discount === null ? null : "pct" in l.discount ? "PERCENTAGE" : "AMOUNT",
                    discountValue: l.discount === null ? null : "pct" in l.discount ? rateText(l.discount.pct) : cents(l.discount.cents),
                    optional: l.optional,
                    selected: l.selected,
                    recurring: l.recurring,
                  })),
                },
              },
              owner.headers(),
            );
            expect(created.errors).toBeUndefined();
            created.data!.createPricingQuoteBlock.quoteLineItems.forEach((line, i) => {
              block.lines[i].id = `b${b}-${i}`;
              if (block.lines[i].optional) optionalIds.set(block.lines[i].id, line.id);
            });
          }
          const published = await transition(t, owner, "publishQuote", quote.id);
          expect(published.errors).toBeUndefined();
          const nanoId = published.data!.publishQuote.nanoId;
          // The customer's choice: each optional line ticked or not.
          const chosen = [...optionalIds.keys()].filter(() => choices.next().value);
          const signed = await t.gql("mutation ($n: String, $i: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $i) { nanoId } }", {
            n: nanoId,
            i: { name: "Kim Klant", signatureKind: "TYPED", signature: "Kim Klant", selection: chosen.map((id) => optionalIds.get(id)), consent: true },
          });
          expect(signed.errors).toBeUndefined();
          const read = await t.gql<{ publicQuote: { quote: { payment: { amount: string; currency: string } | null } } }>(
            "query ($n: String!) { publicQuote(nanoId: $n) { quote { payment { amount currency } } } }",
            { n: nanoId },
          );
          expect(read.errors).toBeUndefined();
          const due = handDue(handOneOffInclVat(blocks, new Set(chosen)), { ...terms.hand, payToAccept: false, startRecurring: false } as PaymentTerms);
          const shown = read.data!.publicQuote.quote.payment;
          if (due === 0n) expect(shown).toBeNull();
          else expect(shown).toEqual({ amount: cents(Number(due)), currency });
        },
      ),
      { numRuns: Number(process.env.PAYMENT_PROPERTY_RUNS ?? 12) },
    );
  }, 120_000);
});
