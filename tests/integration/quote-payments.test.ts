import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, domainEvents, quoteAuditEvents, quoteInvoices, quoteLineItems, quotePayments, quoteSignatures } from "../../src/server/db/schema";
import { depositInvoiceView } from "../../src/server/modules/quote-payments/deposit-invoice";
import { pdfWorkerRenders } from "../../src/server/pdf/render-pool";
import { type TestApp, createTestApp } from "../support/app";
import { serveCustomDomain } from "../support/custom-domains";
import { type SignedIn, signUp, uniqueEmail } from "../support/auth";
import { outboxFiles, readMail } from "../support/mail";
import { type MollieStub, startMollieStub, trustStub } from "../support/mollie-stub";
import { pdfText } from "../support/quote-pdf";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { runJobs } from "../support/team";

/**
 * The customer's payment of a quote (issue 26, decision 058): the amount frozen at signing from the
 * selected lines incl. VAT, `startQuotePayment` on the owner's own Mollie account (the stub), one
 * payment per version however many clicks, the id-only webhook (forged, unknown, replayed),
 * failed then paid again, a paid quote never paid twice, events and the owner's e-mail.
 */
let t: TestApp;
let oauthApp: TestApp;
let mollie: MollieStub;
let untrust: () => void;
let owner: SignedIn;
let customerId: string;
/** Which app the stub's webhook calls go to (the payment's webhookUrl is the same for both). */
let webhookTarget: () => TestApp;
const OWNER_EMAIL = uniqueEmail("payowner");

beforeAll(async () => {
  untrust = trustStub();
  mollie = await startMollieStub({
    deliver: async (url, init) => webhookTarget().fetch(new URL(url).pathname, init),
  });
  // Pages rendered from the production build (the payment panel is server-rendered).
  t = await createTestApp({ env: { MOLLIE_API_URL: mollie.url }, ssr: true });
  webhookTarget = () => t;
  owner = await signUp(t, { company: "Pay Studio", email: OWNER_EMAIL });
  customerId = (await createCustomer(t, owner, { name: "Café Zoë" })).id;
  const key = mollie.addOwnerApiKey("Pay Studio");
  const connected = await t.gql("mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { mode } }", { apiKey: key }, owner.headers());
  expect(connected.errors).toBeUndefined();
});
afterAll(async () => {
  await t?.close();
  await oauthApp?.close();
  await mollie?.close();
  untrust?.();
});

const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, input: $input) { nanoId payment { status amount currency payToAccept checkoutUrl } }
}`;
const PUBLIC = "query ($nanoId: String!) { publicQuote(nanoId: $nanoId) { quote { status payment { status amount currency payToAccept checkoutUrl } } } }";
const START = "mutation ($nanoId: String!) { startQuotePayment(nanoId: $nanoId) { status amount currency checkoutUrl } }";
const OWNER = "query ($id: ID!) { quote(id: $id) { id payment { status amount paidAt } } }";
const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id status } }";

type Payment = { status: string; amount: string; currency: string; payToAccept?: boolean; checkoutUrl: string | null };

/**
 * A published quote with 30 % deposit terms: Design 8 × €125.00 at 21 % VAT, Hosting 1.5 × €19.99
 * and a −€10.00 line at 0 %, and an optional "Support" €200.00 with a 10 % line discount at 21 %.
 */
async function publishedQuote(
  user: SignedIn,
  terms: Record<string, unknown> = { mode: "DEPOSIT_PERCENT", percent: "30" },
  overrides: Record<string, unknown> = {},
) {
  const quote = await createQuote(t, user, customerId, { paymentTerms: terms, ...overrides });
  const pricing = await addBlocks(t, quote.id);
  await t.db
    .update(quoteLineItems)
    .set({ vatRate: "21" })
    .where(and(eq(quoteLineItems.blockId, pricing.id), eq(quoteLineItems.name, "Design")));
  const [optional] = await t.db
    .insert(quoteLineItems)
    .values({
      blockId: pricing.id,
      position: 3,
      name: "Support",
      priceCents: 20_000,
      amount: "1",
      optional: true,
      selected: false,
      vatRate: "21",
      discountType: "PERCENTAGE",
      discountValue: "10",
    })
    .returning();
  const published = await transition(t, user, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, optionalId: optional.id };
}

const sign = (nanoId: string, selection: string[], name = "Daan de Vries", headers: Record<string, string> = {}) =>
  t.gql<{ createQuoteSignature: { payment: Payment | null } }>(
    SIGN,
    { nanoId, input: { name, signatureKind: "TYPED", signature: name, selection, consent: true, version: 1 } },
    headers,
  );
const start = (nanoId: string, headers: Record<string, string> = {}, app: TestApp = t) => app.gql<{ startQuotePayment: Payment }>(START, { nanoId }, headers);
const webhook = (id: string, app: TestApp = t) =>
  app.fetch("/api/webhooks/mollie-quotes", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `id=${id}` });
const paymentIdOf = (checkoutUrl: string | null) => (checkoutUrl ?? "").split("/").pop() ?? "";
const eventsOf = (quoteId: string) =>
  t.db
    .select({ type: domainEvents.type, payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.quoteId, quoteId), sql`${domainEvents.type} like 'quote.payment.%'`));

/** The overview's payments received (yesterday to tomorrow: the account's local today is among them). */
async function paidInOverview(user: SignedIn) {
  const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const read = await t.gql<{ quoteStatisticsOverview: { totalQuotesPaid: number; paymentsReceived: { currency: string; count: number; amount: string }[] } }>(
    "query ($from: String!, $to: String!) { quoteStatisticsOverview(from: $from, to: $to) { totalQuotesPaid paymentsReceived { currency count amount } } }",
    { from: isoDay(-1), to: isoDay(1) },
    user.headers(),
  );
  expect(read.errors).toBeUndefined();
  const o = read.data!.quoteStatisticsOverview;
  const eur = o.paymentsReceived.find((p) => p.currency === "EUR");
  expect(o.totalQuotesPaid).toBe(o.paymentsReceived.reduce((n, p) => n + p.count, 0));
  return { count: o.totalQuotesPaid, eurCents: eur ? Math.round(Number(eur.amount) * 100) : 0 };
}

describe("the amount, frozen at signing", () => {
  it("is 30 % of the selected lines incl. VAT and discounts (a hand calculation), stored with the signature, in the audit trail and at Mollie", async () => {
    const quote = await publishedQuote(owner);
    // Not signed yet: nothing to pay, said in the customer's language.
    const early = await start(quote.nanoId, { "accept-language": "nl" });
    expect(early.errors?.[0]?.message).toBe("Er valt voor deze offerte nog niets te betalen: onderteken hem eerst.");

    // Design 1000.00 + 21 % = 1210.00; Hosting 29.99 (29.985 rounded); −10.00; Support 200.00 − 10 % = 180.00 + 21 % = 217.80.
    // Total incl. VAT 1210.00 + 29.99 − 10.00 + 217.80 = 1447.79; 30 % = 434.337 → 434.34.
    const signed = await sign(quote.nanoId, [quote.optionalId]);
    expect(signed.errors).toBeUndefined();
    expect(signed.data?.createQuoteSignature.payment).toEqual({ status: "DUE", amount: "434.34", currency: "EUR", payToAccept: false, checkoutUrl: null });
    const [signature] = await t.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id));
    expect(signature.payment).toMatchObject({ amount: "434.34", amountCents: "43434", currency: "EUR", terms: { mode: "DEPOSIT_PERCENT", percent: 30 } });
    const audit = await t.db
      .select()
      .from(quoteAuditEvents)
      .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "SIGNED")));
    expect(audit[0].details).toMatchObject({ payment: { amount: "434.34", currency: "EUR", mode: "DEPOSIT_PERCENT", payToAccept: false } });

    const started = await start(quote.nanoId);
    expect(started.errors).toBeUndefined();
    expect(started.data?.startQuotePayment).toMatchObject({ status: "OPEN", amount: "434.34", currency: "EUR" });
    const created = mollie.payments.get(paymentIdOf(started.data?.startQuotePayment.checkoutUrl ?? null));
    expect(created).toMatchObject({
      owner: "Pay Studio",
      amount: { currency: "EUR", value: "434.34" },
      method: null,
      redirectUrl: `http://offerly.test/quote/${quote.slug}/${quote.nanoId}?payment=return#payment`,
      webhookUrl: "http://offerly.test/api/webhooks/mollie-quotes",
      metadata: { quoteId: quote.id, versionNumber: 1, signatureId: signature.id },
    });
    // With the owner's API key no profileId or testmode is sent (the key names both).
    const request = mollie.requests.filter((r) => r.method === "POST" && r.path === "/v2/payments").at(-1);
    expect(request?.body).not.toHaveProperty("profileId");
    expect(request?.body).not.toHaveProperty("testmode");
  });

  it("without the optional line, the amount follows the customer's selection (369.00), and NONE terms freeze nothing", async () => {
    const quote = await publishedQuote(owner);
    expect((await sign(quote.nanoId, [])).data?.createQuoteSignature.payment?.amount).toBe("369.00"); // 30 % of 1229.99
    const none = await publishedQuote(owner, { mode: "NONE" });
    expect((await sign(none.nanoId, [])).data?.createQuoteSignature.payment).toBeNull();
  });
});

describe("the customer's way back from Mollie", () => {
  it("leads to the owner's own domain while it serves (Pro), and to the main host again when it no longer does; the webhook stays on the main host", async () => {
    const pro = await signUp(t, { company: "Domain Pay Studio" });
    await serveCustomDomain(t.db, pro.accountId!, "offertes.domainpay.test");
    const key = mollie.addOwnerApiKey("Domain Pay Studio");
    expect(
      (await t.gql("mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { mode } }", { apiKey: key }, pro.headers())).errors,
    ).toBeUndefined();
    const redirectOf = async (quote: { nanoId: string }) => {
      expect((await sign(quote.nanoId, [])).errors).toBeUndefined();
      const started = await start(quote.nanoId);
      expect(started.errors).toBeUndefined();
      return mollie.payments.get(paymentIdOf(started.data?.startQuotePayment.checkoutUrl ?? null));
    };
    const customer = (await createCustomer(t, pro, { name: "Klant" })).id;
    const publishedFor = async () => {
      const quote = await createQuote(t, pro, customer, { paymentTerms: { mode: "FULL" } });
      await addBlocks(t, quote.id);
      expect((await transition(t, pro, "publishQuote", quote.id)).errors).toBeUndefined();
      return quote;
    };
    const onDomain = await publishedFor();
    expect(await redirectOf(onDomain)).toMatchObject({
      redirectUrl: `https://offertes.domainpay.test/quote/${onDomain.slug}/${onDomain.nanoId}?payment=return#payment`,
      webhookUrl: "http://offerly.test/api/webhooks/mollie-quotes",
    });
    // Back on Basic the domain no longer serves: new payments return to the main host.
    await t.db.update(accounts).set({ subscriptionPlan: "BASIC" }).where(eq(accounts.id, pro.accountId!));
    const onMain = await publishedFor();
    expect(await redirectOf(onMain)).toMatchObject({ redirectUrl: `http://offerly.test/quote/${onMain.slug}/${onMain.nanoId}?payment=return#payment` });
  });
});

describe("startQuotePayment", () => {
  it("two concurrent clicks create one Mollie payment; a third click reuses it", async () => {
    const quote = await publishedQuote(owner, { mode: "FULL" });
    await sign(quote.nanoId, []);
    const before = mollie.payments.size;
    const [a, b] = await Promise.all([start(quote.nanoId), start(quote.nanoId)]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(a.data?.startQuotePayment.checkoutUrl).toBe(b.data?.startQuotePayment.checkoutUrl);
    expect((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl).toBe(a.data?.startQuotePayment.checkoutUrl);
    expect(mollie.payments.size - before).toBe(1);
    expect(await t.db.select().from(quotePayments).where(eq(quotePayments.quoteId, quote.id))).toHaveLength(1);
  });

  it("a failed payment can be tried again with a new one; a paid quote cannot be paid again", async () => {
    const quote = await publishedQuote(owner);
    await sign(quote.nanoId, [quote.optionalId]);
    const first = paymentIdOf((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl ?? null);
    expect(await mollie.completeCheckout(first, "failed")).toBe(200);
    const failed = await t.gql<{ publicQuote: { quote: { payment: Payment } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(failed.data?.publicQuote.quote.payment).toMatchObject({ status: "FAILED", amount: "434.34", checkoutUrl: null });

    const retry = await start(quote.nanoId);
    const second = paymentIdOf(retry.data?.startQuotePayment.checkoutUrl ?? null);
    expect(second).not.toBe(first);
    expect(await mollie.completeCheckout(second, "paid")).toBe(200);
    const paid = await t.gql<{ publicQuote: { quote: { payment: Payment } } }>(PUBLIC, { nanoId: quote.nanoId });
    expect(paid.data?.publicQuote.quote.payment).toMatchObject({ status: "PAID", amount: "434.34" });

    const again = await start(quote.nanoId, { "accept-language": "nl" });
    expect(again.errors?.[0]).toMatchObject({ message: "Deze offerte is al betaald.", extensions: { code: "CONFLICT" } });
    expect((await start(quote.nanoId)).errors?.[0]?.message).toBe("This quote has already been paid.");
    const attempts = await t.db.select({ status: quotePayments.status }).from(quotePayments).where(eq(quotePayments.quoteId, quote.id));
    expect(attempts.map((a) => a.status).sort()).toEqual(["failed", "paid"]);

    // One event per change, with the frozen amount; the owner is e-mailed once the money is in.
    const events = await eventsOf(quote.id);
    expect(events.map((e) => e.type).sort()).toEqual(["quote.payment.failed", "quote.payment.paid"]);
    expect(events.find((e) => e.type === "quote.payment.paid")?.payload).toMatchObject({
      payment: { status: "paid", amount: "434.34", currency: "EUR", version: 1, provider: "mollie", providerPaymentId: second },
    });
    await runJobs(t);
    // (The customer's signature before it was e-mailed too: "Quote … was signed".)
    const paidMails = outboxFiles(t.dataDir)
      .map(readMail)
      .filter((m) => m.to.includes(OWNER_EMAIL) && m.subject === `Quote ${quote.quoteNumber} was paid`);
    expect(paidMails).toHaveLength(1);
    expect(paidMails[0].decoded).toContain("€434.34");

    // The owner's quote shows it.
    const seen = await t.gql<{ quote: { payment: { status: string; amount: string; paidAt: string | null } } }>(OWNER, { id: quote.id }, owner.headers());
    expect(seen.data?.quote.payment).toMatchObject({ status: "PAID", amount: "434.34", paidAt: expect.any(String) });

    // The owner's data export has every attempt.
    const exported = await t.fetch(`/api/account-data/export?account=${owner.accountId}`, { headers: { cookie: owner.cookie } });
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const rows = JSON.parse(strFromU8(files["quote-payments.json"])) as { quoteId: string; status: string; amount: string; molliePaymentId: string }[];
    expect(rows.filter((r) => r.quoteId === quote.id).map((r) => [r.molliePaymentId, r.status, r.amount])).toEqual([
      [first, "failed", "434.34"],
      [second, "paid", "434.34"],
    ]);
  });

  it("pay to accept: the owner cannot mark the quote signed until the customer paid", async () => {
    const quote = await publishedQuote(owner, { mode: "DEPOSIT_FIXED", amount: "100.00", payToAccept: true });
    expect((await sign(quote.nanoId, [])).data?.createQuoteSignature.payment).toMatchObject({ amount: "100.00", payToAccept: true, status: "DUE" });
    const refused = await t.gql(MARK, { id: quote.id }, { ...owner.headers(), "accept-language": "nl" });
    expect(refused.errors?.[0]?.message).toBe("De klant heeft nog niet betaald: voor deze offerte is betaling nodig voordat ze is geaccepteerd.");
    const id = paymentIdOf((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl ?? null);
    await mollie.completeCheckout(id, "paid");
    const marked = await t.gql<{ updateQuoteToSigned: { status: string } }>(MARK, { id: quote.id }, owner.headers());
    expect(marked.errors).toBeUndefined();
    expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");
    // A signed (final) quote that was paid is not paid again.
    expect((await start(quote.nanoId)).errors?.[0]?.message).toBe("This quote has already been paid.");
  });

  it("refuses when the owner has no Mollie account connected (in Dutch too)", async () => {
    const other = await signUp(t, { company: "No Mollie" });
    const otherCustomer = (await createCustomer(t, other, { name: "Klant" })).id;
    const quote = await createQuote(t, other, otherCustomer, { paymentTerms: { mode: "FULL" } });
    await addBlocks(t, quote.id);
    await transition(t, other, "publishQuote", quote.id);
    await sign(quote.nanoId, []);
    const refused = await start(quote.nanoId, { "accept-language": "nl" });
    expect(refused.errors?.[0]?.message).toBe("De afzender kan nog geen online betalingen ontvangen. Neem contact met hen op.");
  });
});

describe("POST /api/webhooks/mollie-quotes", () => {
  it("an unknown or malformed id gets 200 and changes nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
    for (const id of ["tr_doesnotexist", "", "x'; drop table quotes; --"]) expect((await webhook(encodeURIComponent(id))).status).toBe(200);
    expect((await t.fetch("/api/webhooks/mollie-quotes", { method: "POST", body: "{not a form" })).status).toBe(200);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents)).toEqual(before);
  });

  it("a forged call (the payment is still open at Mollie) changes nothing; a replayed one is applied once", async () => {
    const paidBefore = await paidInOverview(owner);
    const quote = await publishedQuote(owner);
    await sign(quote.nanoId, []);
    const id = paymentIdOf((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl ?? null);
    // Someone posts the id (or "status=paid"): Mollie says open, so it stays open.
    const forged = await t.fetch("/api/webhooks/mollie-quotes", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${id}&status=paid&amount=0.01`,
    });
    expect(forged.status).toBe(200);
    const [row] = await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id));
    expect(row.status).toBe("open");
    expect(await eventsOf(quote.id)).toEqual([]);
    expect((await t.fetch(`/quote/${quote.slug}/${quote.nanoId}/invoice`)).status).toBe(404); // nothing paid yet

    // Paid at Mollie, the webhook delivered three times at once, then replayed: one change, one event.
    expect(await mollie.completeCheckout(id, "paid", 3)).toBe(200);
    expect((await webhook(id)).status).toBe(200);
    expect(await mollie.redeliver(id)).toBe(200);
    expect((await eventsOf(quote.id)).map((e) => e.type)).toEqual(["quote.payment.paid"]);
    // One PAID row in the audit trail, with Mollie's confirmation.
    const paidAudit = await t.db
      .select()
      .from(quoteAuditEvents)
      .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "PAID")));
    expect(paidAudit.map((a) => [a.versionNumber, a.details])).toEqual([[1, { amount: "369.00", currency: "EUR", provider: "mollie", providerPaymentId: id }]]);
    const [paid] = await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id));
    expect(paid.status).toBe("paid");
    // The deposit invoice: one, numbered, its VAT per rate adding up to the amount to the cent.
    const invoices = await t.db.select().from(quoteInvoices).where(eq(quoteInvoices.paymentId, paid.id));
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice.number).toMatch(new RegExp(`^F${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(paid.invoiceNumber).toBe(invoice.number);
    expect(invoice.totalCents).toBe(36_900n);
    const cents = (s: string) => BigInt(s.replace(".", ""));
    expect(invoice.vat.reduce((sum, l) => sum + cents(l.total), 0n)).toBe(36_900n);
    for (const l of invoice.vat) expect(cents(l.base) + cents(l.vat)).toBe(cents(l.total));
    expect(invoice.seller.name).toBe("Pay Studio");
    // Numbered per account without gaps (the other tests' payments of this owner included).
    const numbers = (await t.db.select({ number: quoteInvoices.number }).from(quoteInvoices).where(eq(quoteInvoices.accountId, owner.accountId!)))
      .map((r) => Number(r.number.split("-")[1]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(invoice).toMatchObject({ mode: "DEPOSIT_PERCENT", percent: 30, currency: "EUR", quoteNumber: quote.quoteNumber });
    // The customer downloads it with the quote's link; the page's payment says its number.
    // Made in the PDF worker thread, off the server's main thread (decision 070).
    const workerRenders = pdfWorkerRenders();
    const pdf = await t.fetch(`/quote/${quote.slug}/${quote.nanoId}/invoice`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfWorkerRenders()).toBe(workerRenders + 1);
    expect(await pdfText(bytes)).toContain(invoice.number);
    const shown = await t.gql<{ publicQuote: { quote: { payment: { invoiceNumber: string | null } } } }>(
      "query ($n: String!) { publicQuote(nanoId: $n) { quote { payment { invoiceNumber } } } }",
      { n: quote.nanoId },
    );
    expect(shown.data?.publicQuote.quote.payment.invoiceNumber).toBe(invoice.number);
    // In the quote's language (an English quote here).
    expect(depositInvoiceView(invoice).line).toBe(`Deposit of 30 % on quote ${quote.quoteNumber} (${quote.name})`);
    expect(depositInvoiceView({ ...invoice, language: "NL" }).line).toBe(`Aanbetaling van 30 % op offerte ${quote.quoteNumber} (${quote.name})`);
    // The dashboard's figures count it once: one payment more, 369.00 more in EUR.
    const paidAfter = await paidInOverview(owner);
    expect(paidAfter.count).toBe(paidBefore.count + 1);
    expect(paidAfter.eurCents).toBe(paidBefore.eurCents + 36_900);
    // The invoice may be the first PDF of this test worker's PDF thread (its fonts and modules
    // loading: 20 s seen at a load of 15, decision 070): more than the project's 30 s in all.
  }, 90_000);

  it("while the owner's Mollie account is disconnected: 503 so that Mollie retries; after reconnecting, the retry applies it", async () => {
    const other = await signUp(t, { company: "Flaky Studio" });
    const otherCustomer = (await createCustomer(t, other, { name: "Klant" })).id;
    const key = mollie.addOwnerApiKey("Flaky Studio");
    const connect = () => t.gql("mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { mode } }", { apiKey: key }, other.headers());
    await connect();
    const quote = await createQuote(t, other, otherCustomer, { paymentTerms: { mode: "FULL" } });
    await addBlocks(t, quote.id);
    await transition(t, other, "publishQuote", quote.id);
    await sign(quote.nanoId, []);
    const id = paymentIdOf((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl ?? null);
    expect((await t.gql("mutation { disconnectMollie }", {}, other.headers())).errors).toBeUndefined();
    const answer = await mollie.completeCheckout(id, "paid");
    expect(answer).toBe(503);
    expect((await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id)))[0].status).toBe("open");
    await connect();
    expect(await mollie.redeliver(id)).toBe(200);
    expect((await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id)))[0].status).toBe("paid");
  });

  it("another owner's payment id is not fetched with this owner's key (the row says whose it is)", async () => {
    const other = await signUp(t, { company: "Second Studio" });
    const otherCustomer = (await createCustomer(t, other, { name: "Klant" })).id;
    await t.gql(
      "mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { mode } }",
      { apiKey: mollie.addOwnerApiKey("Second Studio") },
      other.headers(),
    );
    const quote = await createQuote(t, other, otherCustomer, { paymentTerms: { mode: "FULL" } });
    await addBlocks(t, quote.id);
    await transition(t, other, "publishQuote", quote.id);
    await sign(quote.nanoId, []);
    const id = paymentIdOf((await start(quote.nanoId)).data?.startQuotePayment.checkoutUrl ?? null);
    expect(mollie.payments.get(id)?.owner).toBe("Second Studio");
    await mollie.completeCheckout(id, "paid");
    const [row] = await t.db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id));
    expect(row).toMatchObject({ status: "paid", accountId: other.accountId });
  });
});

describe("with Mollie Connect (OAuth)", () => {
  it("sends profileId and testmode, and fetches the payment with testmode=true", async () => {
    oauthApp = await createTestApp({
      env: {
        MOLLIE_API_URL: mollie.url,
        MOLLIE_CONNECT_CLIENT_ID: mollie.connect.clientId,
        MOLLIE_CONNECT_CLIENT_SECRET: mollie.connect.clientSecret,
        MOLLIE_CONNECT_AUTHORIZE_URL: mollie.connect.authorizeUrl,
        MOLLIE_CONNECT_TOKEN_URL: mollie.connect.tokenUrl,
      },
    });
    const app = oauthApp;
    const user = await signUp(app, { company: "Connect Studio" });
    const startConnect = await app.fetch(`/api/integrations/mollie/connect?account=${user.accountId}`, { headers: { cookie: user.cookie } });
    const callback = new URL(mollie.consent(startConnect.headers.get("location") ?? "", "Connect Studio"));
    await app.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: user.cookie } });
    // The stub's organisations are test-mode ones.
    const customer = (await createCustomer(app, user, { name: "Klant" })).id;
    const quote = await createQuote(app, user, customer, { paymentTerms: { mode: "FULL" } });
    await addBlocks(app, quote.id);
    await transition(app, user, "publishQuote", quote.id);
    await app.gql(SIGN, { nanoId: quote.nanoId, input: { name: "Eva", signatureKind: "TYPED", signature: "Eva", selection: [], consent: true } });
    const started = await start(quote.nanoId, {}, app);
    expect(started.errors).toBeUndefined();
    const id = paymentIdOf(started.data?.startQuotePayment.checkoutUrl ?? null);
    const request = mollie.requests.filter((r) => r.method === "POST" && r.path === "/v2/payments").at(-1);
    expect(request?.body).toMatchObject({ profileId: expect.stringMatching(/^pfl_/), testmode: true, amount: { currency: "EUR", value: "1019.99" } });
    webhookTarget = () => app;
    try {
      expect(await mollie.completeCheckout(id, "paid")).toBe(200);
    } finally {
      webhookTarget = () => t;
    }
    expect(mollie.requests.some((r) => r.method === "GET" && r.path === `/v2/payments/${id}`)).toBe(true);
    const seen = await app.gql<{ quote: { payment: { status: string } } }>(OWNER, { id: quote.id }, user.headers());
    expect(seen.data?.quote.payment.status).toBe("PAID");
  });
});

describe("the customer's Pay form (no script)", () => {
  it("POST …/pay sends the browser to Mollie's checkout (303), and back to the quote with a notice when it cannot", async () => {
    const quote = await publishedQuote(owner);
    const pay = (path: string) => t.fetch(`${path}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    const unsigned = await pay(`/quote/${quote.slug}/${quote.nanoId}`);
    expect(unsigned.status).toBe(303);
    expect(unsigned.headers.get("location")).toBe(`/quote/${quote.slug}/${quote.nanoId}?payment=nothing#payment`);

    await sign(quote.nanoId, []);
    const started = await pay(`/quote/${quote.slug}/${quote.nanoId}`);
    expect(started.status).toBe(303);
    const checkout = started.headers.get("location") ?? "";
    expect(checkout.startsWith(new URL(mollie.url).origin)).toBe(true);
    // The same button again: the same open payment.
    expect((await pay(`/nl/quote/${quote.slug}/${quote.nanoId}`)).headers.get("location")).toBe(checkout);
    await mollie.completeCheckout(paymentIdOf(checkout), "paid");
    expect((await pay(`/quote/${quote.slug}/${quote.nanoId}`)).headers.get("location")).toBe(`/quote/${quote.slug}/${quote.nanoId}?payment=paid#payment`);
    expect((await pay("/quote/x/not-a-link")).headers.get("location")).toBe("/quote/x/not-a-link?payment=error#payment");
  });
});

describe("the webhook's rate limit", () => {
  it("counts per address like the billing webhook: past 60 a minute, 429 with Retry-After, nothing processed", async () => {
    const limited = await createTestApp({ env: { MOLLIE_API_URL: mollie.url, TRUST_PROXY: "true" } });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 65; i++) {
        const answer = await limited.fetch("/api/webhooks/mollie-quotes", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.9" },
          body: `id=tr_flood${i}`,
        });
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter = answer.headers.get("retry-after");
      }
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another address is not limited by the first one's flood.
      const other = await limited.fetch("/api/webhooks/mollie-quotes", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.10" },
        body: "id=tr_other",
      });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("the customer's page", () => {
  const html = async (path: string) => {
    const response = await t.fetch(path);
    expect(response.status).toBe(200);
    return (await response.text()).replace(/\s+/g, " ");
  };

  it("shows the amount and the Pay form after signing, pending on return, failed — try again, and paid (Dutch)", async () => {
    const quote = await publishedQuote(owner, { mode: "DEPOSIT_PERCENT", percent: "30" }, { language: "NL" });
    const page = `/nl/quote/${quote.slug}/${quote.nanoId}`;
    expect(await html(page)).not.toContain('data-testid="payment"');
    await sign(quote.nanoId, [quote.optionalId]);
    const due = await html(page);
    expect(due).toContain("Te betalen aanbetaling: € 434,34");
    expect(due).toContain(`action="${page}/pay"`);
    expect(due).toContain("€ 434,34 betalen");

    const checkout = (await t.fetch(`${page}/pay`, { method: "POST" })).headers.get("location") ?? "";
    const pending = await html(`${page}?payment=return`);
    expect(pending).toContain("In behandeling: je betaling wordt verwerkt.");
    expect(pending).toContain(`href="${checkout}"`);
    expect(pending).not.toContain('data-testid="pay"');

    await mollie.completeCheckout(paymentIdOf(checkout), "failed");
    const failed = await html(`${page}?payment=return`);
    expect(failed).toContain("Mislukt — probeer het opnieuw");
    expect(failed).toContain('data-testid="pay"');

    const notConnected = await html(`${page}?payment=not-connected`);
    expect(notConnected).toContain("De afzender kan nog geen online betalingen ontvangen.");

    const retry = (await t.fetch(`${page}/pay`, { method: "POST" })).headers.get("location") ?? "";
    await mollie.completeCheckout(paymentIdOf(retry), "paid");
    const paid = await html(`${page}?payment=return`);
    expect(paid).toContain("Betaald");
    expect(paid).toContain("€ 434,34 betaald. Dank je wel!");
    expect(paid).not.toContain('data-testid="pay"');
  });

  it("speaks English on an English quote: failed — try again", async () => {
    const quote = await publishedQuote(owner, { mode: "FULL" });
    const page = `/quote/${quote.slug}/${quote.nanoId}`;
    await sign(quote.nanoId, []);
    expect(await html(page)).toContain("Amount to pay: €1,229.99");
    const checkout = (await t.fetch(`${page}/pay`, { method: "POST" })).headers.get("location") ?? "";
    await mollie.completeCheckout(paymentIdOf(checkout), "canceled");
    const failed = await html(`${page}?payment=return`);
    expect(failed).toContain("Failed — try again");
    expect(failed).toContain("Pay €1,229.99");
  });
});
