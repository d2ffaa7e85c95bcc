/**
 * The deposit invoice (issue 26): issued when a customer's payment is paid, in the transaction that
 * applies Mollie's "paid" (so a replayed webhook issues none: the payment is paid already). Its
 * seller is the account as the signed version names it (with the account's VAT number), its buyer
 * the customer as that version names them, its VAT per rate the deposit's share of the signed
 * selection's one-off totals (src/shared/deposit-invoice.ts: exact to the cent), its language the
 * quote's. Numbered per account and year without gaps (F2026-0001). Rendered as a PDF on request
 * from the stored row, downloaded by the customer and the owner through the quote's link.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { depositVatBreakdown } from "../../../shared/deposit-invoice";
import { formatDate, formatMoney } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import type { Locale } from "../../../shared/locales";
import { selectedTotalsCents } from "../../../shared/payment-terms";
import { readPaymentTerms } from "../../../shared/quote-payments";
import type { QuoteVersionDocument } from "../../../shared/quote-versions";
import { type TotalsPartCents, centsToString } from "../../../shared/totals";
import type { Executor } from "../../db/client";
import { type QuoteInvoiceParty, accounts, quoteInvoiceCounters, quoteInvoices, quotePayments, quoteSignatures, quoteVersions } from "../../db/schema";

type PaymentRow = typeof quotePayments.$inferSelect;
export type QuoteInvoiceRow = typeof quoteInvoices.$inferSelect;

/** The next number of the account's year, gapless: the counter row stays locked until the transaction ends. */
async function nextInvoiceNumber(tx: Executor, accountId: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(quoteInvoiceCounters)
    .values({ accountId, year, lastValue: 1 })
    .onConflictDoUpdate({ target: [quoteInvoiceCounters.accountId, quoteInvoiceCounters.year], set: { lastValue: sql`${quoteInvoiceCounters.lastValue} + 1` } })
    .returning({ lastValue: quoteInvoiceCounters.lastValue });
  return `F${year}-${String(row.lastValue).padStart(4, "0")}`;
}

/** The recurring parts of a selection as one: VAT per rate and the total incl. VAT, summed over the intervals. */
function mergedRecurring(parts: readonly Pick<TotalsPartCents, "vat" | "totalInclVat">[]): Pick<TotalsPartCents, "vat" | "totalInclVat"> {
  const byRate = new Map<string, { rate: string; base: bigint; vat: bigint }>();
  for (const part of parts) {
    for (const v of part.vat) {
      const sum = byRate.get(v.rate) ?? { rate: v.rate, base: 0n, vat: 0n };
      byRate.set(v.rate, { rate: v.rate, base: sum.base + v.base, vat: sum.vat + v.vat });
    }
  }
  return { vat: [...byRate.values()], totalInclVat: parts.reduce((sum, p) => sum + p.totalInclVat, 0n) };
}

/**
 * Issues the invoice of a payment that has just become paid (in that transaction) and returns its
 * number; null when the payment's version document is not stored (quotes published before versions).
 */
export async function issueDepositInvoice(tx: Executor, payment: PaymentRow, now: Date): Promise<string | null> {
  if (payment.versionNumber === null) return null;
  const [version] = await tx
    .select({ document: quoteVersions.document })
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, payment.quoteId), eq(quoteVersions.number, payment.versionNumber)))
    .limit(1);
  const [signature] = await tx
    .select({ selection: quoteSignatures.selection, payment: quoteSignatures.payment })
    .from(quoteSignatures)
    .where(and(eq(quoteSignatures.id, payment.signatureId), eq(quoteSignatures.quoteId, payment.quoteId)))
    .limit(1);
  if (!version || !signature?.payment) return null;
  const { document, sender } = version.document as QuoteVersionDocument;
  const [account] = await tx.select({ vatNumber: accounts.vatNumber }).from(accounts).where(eq(accounts.id, payment.accountId)).limit(1);
  const totals = selectedTotalsCents(document, signature.selection ?? []);
  // The first period of the recurring lines (decision 061): each interval's VAT per rate, summed.
  const firstPeriod = signature.payment.firstPeriod === true;
  const basis = firstPeriod ? mergedRecurring(totals.recurring) : totals.oneOff;
  const vat = depositVatBreakdown(basis, payment.amountCents).map((l) => ({
    rate: l.rate,
    base: centsToString(l.base),
    vat: centsToString(l.vat),
    total: centsToString(l.total),
  }));
  const terms = readPaymentTerms(signature.payment.terms);
  const seller: QuoteInvoiceParty = {
    name: sender.name,
    lines: [sender.quoteStreetAndNumber, [sender.quotePostalCode, sender.quoteCity].filter(Boolean).join(" ")].filter((l): l is string => Boolean(l)),
    vatNumber: account?.vatNumber ?? null,
  };
  const customer = document.customer;
  const buyer: QuoteInvoiceParty = {
    name: customer?.companyName || customer?.name || "",
    lines: [customer?.companyName ? customer.contactPerson || customer.name : null, ...(customer?.content ?? "").split("\n")]
      .map((l) => l?.trim() ?? "")
      .filter(Boolean),
    vatNumber: null,
  };
  const number = await nextInvoiceNumber(tx, payment.accountId, now.getUTCFullYear());
  await tx.insert(quoteInvoices).values({
    accountId: payment.accountId,
    quoteId: payment.quoteId,
    paymentId: payment.id,
    number,
    issuedAt: now,
    language: document.language,
    currency: payment.currency,
    seller,
    buyer,
    quoteNumber: document.quoteNumber,
    quoteName: document.name,
    mode: firstPeriod ? "FIRST_PERIOD" : terms.mode,
    percent: !firstPeriod && terms.mode === "DEPOSIT_PERCENT" ? terms.percent : null,
    vat,
    totalCents: payment.amountCents,
  });
  await tx.update(quotePayments).set({ invoiceNumber: number }).where(eq(quotePayments.id, payment.id));
  return number;
}

/** The quote's latest deposit invoice (the one of its paid payment). */
export async function latestQuoteInvoice(db: Executor, quoteId: string): Promise<QuoteInvoiceRow | null> {
  const [row] = await db.select().from(quoteInvoices).where(eq(quoteInvoices.quoteId, quoteId)).orderBy(desc(quoteInvoices.issuedAt)).limit(1);
  return row ?? null;
}

/** What the invoice prints, in the quote's language. */
export function depositInvoiceView(invoice: QuoteInvoiceRow) {
  const locale: Locale = invoice.language === "NL" ? "nl" : "en";
  const t = translator(locale);
  const money = (amount: string) => formatMoney(amount, invoice.currency, invoice.language);
  const date = formatDate(invoice.issuedAt.toISOString().slice(0, 10), invoice.language, "long");
  const quote = { quote: invoice.quoteNumber, name: invoice.quoteName };
  const line =
    invoice.mode === "DEPOSIT_PERCENT"
      ? t("signing:payment.invoice.lineDeposit", { ...quote, percent: invoice.percent })
      : invoice.mode === "DEPOSIT_FIXED"
        ? t("signing:payment.invoice.lineFixed", quote)
        : invoice.mode === "FIRST_PERIOD"
          ? t("signing:payment.invoice.lineFirstPeriod", quote)
          : t("signing:payment.invoice.lineFull", quote);
  const sum = (key: "base" | "vat") => centsToString(invoice.vat.reduce((s, l) => s + BigInt(l[key].replace(".", "")), 0n));
  return {
    locale,
    title: t("signing:payment.invoice.title", { number: invoice.number }),
    t: (key: string, vars?: Record<string, unknown>) => t(`signing:payment.invoice.${key}` as never, vars as never) as unknown as string,
    number: invoice.number,
    date,
    seller: invoice.seller,
    buyer: invoice.buyer,
    line,
    rows: invoice.vat.map((l) => ({
      rate: `${l.rate.replace(".", locale === "nl" ? "," : ".")} %`,
      base: money(l.base),
      vat: money(l.vat),
      total: money(l.total),
    })),
    totals: { base: money(sum("base")), vat: money(sum("vat")), total: money(centsToString(invoice.totalCents)) },
    paid: t("signing:payment.invoice.paid", { date }),
  };
}
