import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  domainEvents,
  quoteBlocks,
  quoteInvoices,
  quoteLineItems,
  quotePayments,
  quoteSubscriptionPayments,
  quoteSubscriptions,
} from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn, signUp } from "../support/auth";
import { type MollieStub, startMollieStub, trustStub } from "../support/mollie-stub";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * Recurring lines start by themselves (issue 26 item 4, decision 061), against the Mollie stub on
 * the owner's own account: the first payment is `sequenceType: first` for a Mollie customer; its
 * paid webhook creates one subscription per interval of the SELECTED recurring lines, amounts incl.
 * VAT and discounts to the cent, from one interval after signing; a replay creates nothing more;
 * Mollie unreachable → 503 and the retry finishes; the subscription's payments are recorded and
 * counted once; the owner cancels (another account cannot: NOT_FOUND), in EN and NL.
 */
let t: TestApp;
let mollie: MollieStub;
let untrust: () => void;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  untrust = trustStub();
  mollie = await startMollieStub({
    // Mollie calls the URL it was given, query included (a subscription's payments name our subscription there).
    deliver: async (url, init) => {
      const target = new URL(url);
      return t.fetch(`${target.pathname}${target.search}`, init);
    },
  });
  t = await createTestApp({ env: { MOLLIE_API_URL: mollie.url } });
  owner = await signUp(t, { company: "Retainer Studio" });
  customerId = (await createCustomer(t, owner, { name: "Bakkerij Zoet", email: "inkoop@zoet.example" })).id;
  await connect(owner, "Retainer Studio");
});
afterAll(async () => {
  await t?.close();
  await mollie?.close();
  untrust?.();
});

async function connect(user: SignedIn, name: string) {
  const connected = await t.gql(
    "mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { mode } }",
    { apiKey: mollie.addOwnerApiKey(name) },
    user.headers(),
  );
  expect(connected.errors).toBeUndefined();
}

type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
type Planned = { interval: string; amount: string; startDate: string };
type Payment = { status: string; amount: string; firstPeriod: boolean; recurring: Planned[]; checkoutUrl: string | null };
type Subscription = {
  id: string;
  interval: string;
  amount: string;
  currency: string;
  status: string;
  startDate: string;
  nextPaymentDate: string | null;
  paymentsCount: number;
};
const PAYMENT_FIELDS = "status amount firstPeriod recurring { interval amount startDate } checkoutUrl";
const SUBSCRIPTION_FIELDS = "id interval amount currency status startDate nextPaymentDate paymentsCount";
const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { payment { ${PAYMENT_FIELDS} } } }`;
const START = `mutation ($nanoId: String!) { startQuotePayment(nanoId: $nanoId) { ${PAYMENT_FIELDS} } }`;
const OWNER = `query ($id: ID!) { quote(id: $id) { payment { status } subscriptions { ${SUBSCRIPTION_FIELDS} } } }`;
const PUBLIC =
  "query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { quote { payment { status } subscriptions { interval amount status nextPaymentDate } } } }";
const CANCEL = `mutation ($id: ID!) { cancelQuoteSubscription(id: $id) { ${SUBSCRIPTION_FIELDS} } }`;
const OVERVIEW =
  "{ quoteSubscriptionsOverview { activeCount perInterval { interval currency count amount } nextCharge { date amount currency quoteId quoteNumber } } }";

/** Today + n months in UTC, clamped to the month's end (the agreed start: one interval after signing). */
function monthsFromToday(n: number) {
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
}

/**
 * A published quote: the one-off block of addBlocks (Design 8 × €125.00, Hosting 1.5 × €19.99,
 * −€10.00, all 0 % VAT: €1019.99), a MONTH block (Maintenance 2 × €49.95 with 10 % off at 21 %, and
 * an optional Monitoring €15.00 at 21 %) and a YEAR block (Licence €240.00 at 9 %, and an optional
 * Extra seat €60.00 at 9 %, never chosen here).
 */
async function recurringQuote(user: SignedIn, terms: Record<string, unknown>, customer = customerId) {
  const quote = await createQuote(t, user, customer, { paymentTerms: terms });
  await addBlocks(t, quote.id);
  const block = async (position: number, unit: "MONTH" | "YEAR") =>
    (
      await t.db
        .insert(quoteBlocks)
        .values({ quoteId: quote.id, kind: "PRICING", position, name: unit === "MONTH" ? "Onderhoud" : "Licentie", pricingUnit: unit })
        .returning()
    )[0];
  const monthly = await block(2, "MONTH");
  const yearly = await block(3, "YEAR");
  const [, monitoring] = await t.db
    .insert(quoteLineItems)
    .values([
      {
        blockId: monthly.id,
        position: 0,
        name: "Maintenance",
        priceCents: 4_995,
        amount: "2",
        vatRate: "21",
        discountType: "PERCENTAGE",
        discountValue: "10",
        recurring: true,
      },
      { blockId: monthly.id, position: 1, name: "Monitoring", priceCents: 1_500, amount: "1", vatRate: "21", optional: true, selected: false, recurring: true },
      { blockId: yearly.id, position: 0, name: "Licence", priceCents: 24_000, amount: "1", vatRate: "9", recurring: true },
      { blockId: yearly.id, position: 1, name: "Extra seat", priceCents: 6_000, amount: "1", vatRate: "9", optional: true, selected: false, recurring: true },
    ])
    .returning();
  const published = await transition(t, user, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, monitoringId: monitoring.id };
}

const sign = (nanoId: string, selection: string[]) =>
  t.gql<{ createQuoteSignature: { payment: Payment | null } }>(SIGN, {
    nanoId,
    input: { name: "Sanne Zoet", signatureKind: "TYPED", signature: "Sanne Zoet", selection, consent: true, version: 1 },
  });
const paymentIdOf = (checkoutUrl: string | null) => (checkoutUrl ?? "").split("/").pop() ?? "";
const subscriptionEvents = (quoteId: string) =>
  t.db
    .select({ type: domainEvents.type, payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.quoteId, quoteId), sql`${domainEvents.type} like 'quote.subscription.%'`))
    .orderBy(asc(domainEvents.occurredAt));
const rowsOf = (quoteId: string) =>
  t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.quoteId, quoteId)).orderBy(asc(quoteSubscriptions.interval));
const stubSubscriptionsOf = (customer: string | undefined) => [...mollie.subscriptions.values()].filter((s) => s.customerId === customer);

/** Signs with the selection, starts the payment and pays it at the stub's checkout: the Mollie payment id. */
async function signAndPay(quote: { nanoId: string }, selection: string[]) {
  const signed = await sign(quote.nanoId, selection);
  expect(signed.errors).toBeUndefined();
  const started = await t.gql<{ startQuotePayment: Payment }>(START, { nanoId: quote.nanoId });
  expect(started.errors).toBeUndefined();
  const id = paymentIdOf(started.data!.startQuotePayment.checkoutUrl);
  return { id, signed: signed.data!.createQuoteSignature.payment!, status: await mollie.completeCheckout(id, "paid") };
}

describe("a deposit with recurring lines", () => {
  it("is a first payment for a Mollie customer; paid, it starts one subscription per interval of the selected lines, to the cent, once", async () => {
    const quote = await recurringQuote(owner, { mode: "DEPOSIT_PERCENT", percent: "30", startRecurring: true });
    const signed = await sign(quote.nanoId, [quote.monitoringId]);
    expect(signed.errors).toBeUndefined();
    // One-off €1019.99 × 30 % = 305.997 → 306.00. Monthly: Maintenance 99.90 − 9.99 = 89.91 + Monitoring 15.00 = 104.91,
    // 21 % VAT 22.0311 → 22.03: 126.94. Yearly: Licence 240.00 + 9 % 21.60 = 261.60 (Extra seat not chosen).
    expect(signed.data!.createQuoteSignature.payment).toEqual({
      status: "DUE",
      amount: "306.00",
      firstPeriod: false,
      recurring: [
        { interval: "MONTH", amount: "126.94", startDate: monthsFromToday(1) },
        { interval: "YEAR", amount: "261.60", startDate: monthsFromToday(12) },
      ],
      checkoutUrl: null,
    });
    const started = await t.gql<{ startQuotePayment: Payment }>(START, { nanoId: quote.nanoId });
    const id = paymentIdOf(started.data!.startQuotePayment.checkoutUrl);
    const atMollie = mollie.payments.get(id)!;
    expect(atMollie).toMatchObject({ sequenceType: "first", amount: { currency: "EUR", value: "306.00" }, owner: "Retainer Studio" });
    expect(mollie.customers.get(atMollie.customerId!)).toMatchObject({ name: "Bakkerij Zoet", email: "inkoop@zoet.example", owner: "Retainer Studio" });
    const [row] = await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id));
    expect(row.mollieCustomerId).toBe(atMollie.customerId);

    // Paid (Mollie makes the mandate): the webhook creates the subscriptions on the owner's account.
    expect(await mollie.completeCheckout(id, "paid", 2)).toBe(200);
    const atStub = stubSubscriptionsOf(atMollie.customerId).sort((a, b) => a.interval.localeCompare(b.interval));
    expect(atStub.map((s) => [s.interval, s.amount, s.startDate, s.status, s.owner])).toEqual([
      ["1 month", { currency: "EUR", value: "126.94" }, monthsFromToday(1), "active", "Retainer Studio"],
      ["12 months", { currency: "EUR", value: "261.60" }, monthsFromToday(12), "active", "Retainer Studio"],
    ]);
    expect(atStub.every((s) => s.mandateId === mollie.payments.get(id)!.mandateId)).toBe(true);
    const rows = await rowsOf(quote.id);
    expect(rows.map((r) => [r.interval, r.amountCents, r.status, r.nextPaymentDate])).toEqual([
      ["MONTH", 12694n, "ACTIVE", monthsFromToday(1)],
      ["YEAR", 26160n, "ACTIVE", monthsFromToday(12)],
    ]);
    for (const r of rows)
      expect(atStub.find((s) => s.id === r.mollieSubscriptionId)?.webhookUrl).toMatch(new RegExp(`/api/webhooks/mollie-quotes\\?subscription=${r.id}$`));
    const events = await subscriptionEvents(quote.id);
    expect(events.map((e) => e.type)).toEqual(["quote.subscription.created", "quote.subscription.created"]);
    expect(events.map((e) => (e.payload as { subscription: { amount: string; interval: string } }).subscription)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ interval: "MONTH", amount: "126.94", status: "ACTIVE", provider: "mollie" }),
        expect.objectContaining({ interval: "YEAR", amount: "261.60", status: "ACTIVE", provider: "mollie" }),
      ]),
    );

    // A replayed webhook creates nothing more: not at Mollie, not here, no event.
    expect(await mollie.redeliver(id)).toBe(200);
    expect(stubSubscriptionsOf(atMollie.customerId)).toHaveLength(2);
    expect(await rowsOf(quote.id)).toHaveLength(2);
    expect(await subscriptionEvents(quote.id)).toHaveLength(2);

    // The owner's quote page and the customer's page show them.
    const ownerView = await t.gql<{ quote: { payment: { status: string }; subscriptions: Subscription[] } }>(OWNER, { id: quote.id }, owner.headers());
    expect(ownerView.data!.quote.subscriptions.map((s) => [s.interval, s.amount, s.status, s.nextPaymentDate])).toEqual([
      ["MONTH", "126.94", "ACTIVE", monthsFromToday(1)],
      ["YEAR", "261.60", "ACTIVE", monthsFromToday(12)],
    ]);
    const publicView = await t.gql<{ publicQuote: { quote: { payment: { status: string }; subscriptions: Subscription[] } } }>(PUBLIC, {
      nanoId: quote.nanoId,
    });
    expect(publicView.data!.publicQuote.quote.payment.status).toBe("PAID");
    expect(publicView.data!.publicQuote.quote.subscriptions.map((s) => s.amount)).toEqual(["126.94", "261.60"]);

    // Mollie charges the monthly subscription (delivered twice): recorded and counted once; the next charge moves on.
    const monthly = rows[0];
    const charge = await mollie.chargeSubscription(monthly.mollieSubscriptionId!, "paid", 2);
    const [counted] = await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, monthly.id));
    expect([counted.paymentsCount, counted.paidCents, counted.nextPaymentDate]).toEqual([1, 12694n, monthsFromToday(2)]);
    expect(await t.db.select().from(quoteSubscriptionPayments).where(eq(quoteSubscriptionPayments.molliePaymentId, charge))).toMatchObject([
      { status: "paid", amountCents: 12694n },
    ]);
    expect((await mollie.redeliver(charge)) === 200).toBe(true);
    expect((await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, monthly.id)))[0].paymentsCount).toBe(1);

    const overview = await t.gql<{ quoteSubscriptionsOverview: { activeCount: number; perInterval: { interval: string; count: number; amount: string }[] } }>(
      OVERVIEW,
      {},
      owner.headers(),
    );
    expect(overview.data!.quoteSubscriptionsOverview.activeCount).toBeGreaterThanOrEqual(2);
    expect(overview.data!.quoteSubscriptionsOverview.perInterval.map((p) => p.interval)).toEqual(["MONTH", "YEAR"]);
    // The soonest charge of the running ones, with its quote (what the dashboard names).
    const running = (await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.accountId, owner.accountId!))).filter(
      (s) => (s.status === "ACTIVE" || s.status === "PENDING") && s.nextPaymentDate,
    );
    expect(running.length).toBeGreaterThan(0);
    const soonest = running.map((s) => s.nextPaymentDate!).sort()[0];
    const next = (overview.data as unknown as { quoteSubscriptionsOverview: { nextCharge: { date: string; amount: string; quoteId: string } } })
      .quoteSubscriptionsOverview.nextCharge;
    expect(next.date).toBe(soonest);
    const charged = running.filter((s) => s.nextPaymentDate === soonest && s.quoteId === next.quoteId);
    expect(charged.map((s) => (Number(s.amountCents) / 100).toFixed(2))).toContain(next.amount);
  });

  it("a payment of another subscription, posted to this subscription's URL, counts nothing", async () => {
    const a = await recurringQuote(owner, { mode: "FULL", startRecurring: true });
    const b = await recurringQuote(owner, { mode: "FULL", startRecurring: true });
    await signAndPay(a, []);
    await signAndPay(b, []);
    const [aMonthly] = await rowsOf(a.id);
    const [bMonthly] = await rowsOf(b.id);
    const foreign = await mollie.chargeSubscription(bMonthly.mollieSubscriptionId!, "paid");
    const forged = await t.fetch(`/api/webhooks/mollie-quotes?subscription=${aMonthly.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${foreign}`,
    });
    expect(forged.status).toBe(200);
    expect((await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, aMonthly.id)))[0].paymentsCount).toBe(0);
    expect((await t.db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, bMonthly.id)))[0].paymentsCount).toBe(1);
  });
});

describe("no one-off payment", () => {
  it("the first payment is the first period of the selected recurring lines; its invoice has their VAT per rate", async () => {
    const quote = await recurringQuote(owner, { mode: "NONE", startRecurring: true, payToAccept: true });
    const { id, signed, status } = await signAndPay(quote, []);
    // Monthly without Monitoring: 89.91 + 21 % 18.8811 → 18.88 = 108.79; yearly 261.60; together 370.39.
    expect(signed).toMatchObject({ amount: "370.39", firstPeriod: true });
    expect(status).toBe(200);
    expect(mollie.payments.get(id)).toMatchObject({ sequenceType: "first", amount: { value: "370.39" } });
    expect((await rowsOf(quote.id)).map((r) => [r.interval, r.amountCents, r.status])).toEqual([
      ["MONTH", 10879n, "ACTIVE"],
      ["YEAR", 26160n, "ACTIVE"],
    ]);
    const [invoice] = await t.db.select().from(quoteInvoices).where(eq(quoteInvoices.quoteId, quote.id));
    expect(invoice.mode).toBe("FIRST_PERIOD");
    expect(invoice.totalCents).toBe(37039n);
    expect(invoice.vat).toEqual(
      expect.arrayContaining([
        { rate: "21", base: "89.91", vat: "18.88", total: "108.79" },
        { rate: "9", base: "240.00", vat: "21.60", total: "261.60" },
      ]),
    );
  });

  it("without recurring lines chosen and nothing one-off to pay, nothing is asked", async () => {
    const quote = await createQuote(t, owner, customerId, { paymentTerms: { mode: "NONE", startRecurring: true } });
    await addBlocks(t, quote.id);
    await transition(t, owner, "publishQuote", quote.id);
    const signed = await sign(quote.nanoId, []);
    expect(signed.errors).toBeUndefined();
    expect(signed.data!.createQuoteSignature.payment).toBeNull();
  });
});

describe("Mollie unreachable while starting the subscriptions", () => {
  it("answers 503 so that Mollie retries; the retry creates them, once", async () => {
    const quote = await recurringQuote(owner, { mode: "FULL", startRecurring: true });
    await sign(quote.nanoId, []);
    const started = await t.gql<{ startQuotePayment: Payment }>(START, { nanoId: quote.nanoId });
    const id = paymentIdOf(started.data!.startQuotePayment.checkoutUrl);
    const customer = mollie.payments.get(id)!.customerId;
    mollie.failOwnerNext("/subscriptions", 503);
    mollie.failOwnerNext("/subscriptions", 503);
    mollie.failOwnerNext("/subscriptions", 503);
    // The stub delivers three times at once-after-another; each one meets Mollie unavailable.
    expect(await mollie.completeCheckout(id, "paid")).toBe(503);
    expect((await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id)))[0].status).toBe("paid");
    expect((await rowsOf(quote.id)).map((r) => r.status)).toEqual(["CREATING", "CREATING"]);
    expect(stubSubscriptionsOf(customer)).toHaveLength(0);
    expect(await mollie.redeliver(id)).toBe(200);
    expect((await rowsOf(quote.id)).map((r) => r.status)).toEqual(["ACTIVE", "ACTIVE"]);
    expect(stubSubscriptionsOf(customer)).toHaveLength(2);
    expect(await subscriptionEvents(quote.id)).toHaveLength(2);
  });
});

describe("the owner cancels", () => {
  it("cancels at Mollie and here once (quote.subscription.canceled); another account gets NOT_FOUND; messages in Dutch", async () => {
    const quote = await recurringQuote(owner, { mode: "DEPOSIT_FIXED", amount: "100.00", startRecurring: true });
    await signAndPay(quote, [quote.monitoringId]);
    const [monthly, yearly] = await rowsOf(quote.id);

    const stranger = await signUp(t, { company: "Other Studio" });
    const foreign = (await t.gql(CANCEL, { id: monthly.id }, { ...stranger.headers(), "accept-language": "nl" })) as Errors;
    expect(foreign.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(foreign.errors?.[0].message).toBe("Dit abonnement bestaat niet.");
    expect(mollie.subscriptions.get(monthly.mollieSubscriptionId!)?.status).toBe("active");

    // A member of the account may see it, not cancel it (owners and admins).
    const member = await signIn(t, "member", { account: owner });
    const refused = (await t.gql(CANCEL, { id: monthly.id }, member.headers())) as Errors;
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const seen = await t.gql<{ quote: { subscriptions: Subscription[] } }>(OWNER, { id: quote.id }, member.headers());
    expect(seen.data!.quote.subscriptions).toHaveLength(2);

    mollie.failOwnerNext(`/subscriptions/${monthly.mollieSubscriptionId}`, 503);
    const down = (await t.gql(CANCEL, { id: monthly.id }, { ...owner.headers(), "accept-language": "nl" })) as Errors;
    expect(down.errors?.[0].message).toBe("Mollie was niet bereikbaar. Probeer het zo meteen opnieuw.");
    expect((await rowsOf(quote.id))[0].status).toBe("ACTIVE");

    const canceled = await t.gql<{ cancelQuoteSubscription: Subscription }>(CANCEL, { id: monthly.id }, owner.headers());
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data!.cancelQuoteSubscription).toMatchObject({ status: "CANCELED", nextPaymentDate: null, amount: "126.94" });
    expect(mollie.subscriptions.get(monthly.mollieSubscriptionId!)?.status).toBe("canceled");
    expect(mollie.subscriptions.get(yearly.mollieSubscriptionId!)?.status).toBe("active");
    const again = await t.gql<{ cancelQuoteSubscription: Subscription }>(CANCEL, { id: monthly.id }, owner.headers());
    expect(again.data!.cancelQuoteSubscription.status).toBe("CANCELED");
    const events = await subscriptionEvents(quote.id);
    expect(events.filter((e) => e.type === "quote.subscription.canceled")).toHaveLength(1);
    expect((events.at(-1)!.payload as { subscription: { id: string; status: string } }).subscription).toMatchObject({ id: monthly.id, status: "CANCELED" });
  });
});
