/**
 * The quote as a PDF (issue 13): the document as the customer reads it (sender, number, dates,
 * customer, blocks with their rich text, pricing tables, totals), the signatures placed, and a
 * certificate page with the signing evidence. Drawn by @react-pdf/renderer from plain data
 * (QuotePdfInput: no database here); sealed afterwards by seal.ts. Labels, money, numbers and dates
 * follow the quote's language (shared/format.ts, the `pdf`, `blocks` and `quotes` catalogs).
 */
import { Document, Image, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { TFunction } from "i18next";
import { PDFDocument } from "pdf-lib";
import type { ReactNode } from "react";
import { DEFAULT_STYLING } from "../../shared/account-settings";
import { formatDate, formatMoney, formatQuantity, formatTimestampUtc } from "../../shared/format";
import { translateKey } from "../../shared/i18n/index";
import { translator } from "../../shared/i18n/server";
import type { Locale } from "../../shared/locales";
import { type QuoteDocumentBlock, type QuoteDocumentData, type QuoteDocumentLine, formatLineQuantity } from "../../shared/quote-document";
import type { QuotePdfEvidence, QuotePdfInput, QuotePdfSignature } from "../../shared/quote-pdf";
import type { Totals, TotalsPart } from "../../shared/totals";
import { pdfFontFamily, registerPdfFonts } from "./fonts";
import { RichTextPdf, type RichTextPdfOptions } from "./rich-text-pdf";

const MUTED = "#64748b";
const FAINT = "#94a3b8";
const RULE = "#e2e8f0";
const HEX = /^#[0-9a-fA-F]{6}$/;

const styles = StyleSheet.create({
  page: { paddingTop: 44, paddingBottom: 56, paddingHorizontal: 48, fontSize: 9.5 },
  // On the content, not the page: a line height inherited by the fixed footer hides its page numbers.
  body: { fontSize: 9.5, lineHeight: 1.4 },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 24 },
  logo: { maxHeight: 48, maxWidth: 180, objectFit: "contain" },
  sender: { textAlign: "right", maxWidth: 240 },
  bold: { fontWeight: 700 },
  muted: { color: MUTED },
  label: { fontSize: 7.5, color: MUTED, textTransform: "uppercase", letterSpacing: 0.4, marginBottom: 2 },
  title: { fontSize: 20, fontWeight: 700, lineHeight: 1.2, marginTop: 2 },
  meta: { flexDirection: "row", gap: 28, marginTop: 10 },
  customer: { marginTop: 16, marginBottom: 8 },
  blockName: { fontSize: 13, fontWeight: 700, marginTop: 16, marginBottom: 2 },
  tableHead: { flexDirection: "row", borderBottomWidth: 0.75, borderBottomColor: RULE, paddingVertical: 4, marginTop: 6 },
  tableRow: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#f1f5f9", paddingVertical: 4 },
  th: { fontSize: 7.5, color: MUTED, textTransform: "uppercase", letterSpacing: 0.4, fontWeight: 700 },
  colName: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  colQty: { width: 70, textAlign: "right", paddingRight: 6 },
  colPrice: { width: 72, textAlign: "right", paddingRight: 6 },
  colVat: { width: 40, textAlign: "right", paddingRight: 6 },
  colTotal: { width: 80, textAlign: "right" },
  small: { fontSize: 8, color: MUTED },
  badge: { fontSize: 7.5, color: "#475569" },
  right: { textAlign: "right" },
  totals: { marginTop: 18, borderTopWidth: 0.75, borderTopColor: RULE, paddingTop: 8, marginLeft: 200 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", color: "#475569" },
  grandTotal: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    marginTop: 6,
    paddingTop: 6,
    fontWeight: 700,
    fontSize: 11,
  },
  h2: { fontSize: 13, fontWeight: 700, marginTop: 20, marginBottom: 8 },
  signatures: { flexDirection: "row", flexWrap: "wrap", gap: 16 },
  signature: { width: 235, borderWidth: 0.5, borderColor: RULE, borderRadius: 4, padding: 10 },
  signatureMark: { height: 56, justifyContent: "flex-end", borderBottomWidth: 0.75, borderBottomColor: "#334155", marginBottom: 6 },
  drawn: { maxHeight: 52, maxWidth: 200, objectFit: "contain" },
  typed: { fontSize: 20, fontStyle: "italic", lineHeight: 1.1 },
  footer: { position: "absolute", bottom: 24, left: 48, right: 48, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: FAINT },
  footerTitle: { maxWidth: 380 },
  certTitle: { fontSize: 18, fontWeight: 700, lineHeight: 1.2, marginBottom: 6 },
  certSection: { fontSize: 11, fontWeight: 700, marginTop: 16, marginBottom: 6, paddingBottom: 3, borderBottomWidth: 0.75, borderBottomColor: RULE },
  kv: { flexDirection: "row", marginBottom: 2 },
  kvLabel: { width: 132, color: MUTED },
  kvValue: { flexGrow: 1, flexBasis: 0 },
  mono: { fontFamily: "Courier", fontSize: 7.5, lineHeight: 1.5, marginTop: 1.5 },
  event: { borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 5 },
  eventHead: { flexDirection: "row", justifyContent: "space-between", marginBottom: 2 },
  note: { fontSize: 8, color: MUTED, marginBottom: 4 },
  sealBox: { marginTop: 16, borderWidth: 0.75, borderColor: "#cbd5e1", borderRadius: 4, padding: 10, backgroundColor: "#f8fafc" },
});

export type RenderQuotePdfOptions = {
  /** The seal's signer (PdfSealer.signerName), named on the certificate page. */
  sealedBy?: string;
};

type Ctx = {
  t: TFunction;
  language: string;
  money: (amount: string) => string;
  rich: RichTextPdfOptions;
};

const color = (value: string | null, fallback: string) => (value && HEX.test(value) ? value : fallback);
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The quote PDF (not sealed yet: pass the bytes to `sealPdf`). */
export async function renderQuotePdf(input: QuotePdfInput, options: RenderQuotePdfOptions = {}): Promise<Uint8Array> {
  const doc = await renderQuotePdfDocument(input, options);
  return doc.save({ useObjectStreams: false });
}

/**
 * The quote PDF as a pdf-lib document (`sealPdfDocument` seals it without parsing it again).
 *
 * The footer's "Page 3 of 8" is laid out apart from the content and drawn onto each page
 * afterwards, at the same place in the same font. A `render` prop would make @react-pdf's
 * paginator lay out the whole remaining content again at every page break just to resolve it (a
 * quarter of the render's time at 8 pages, growing with the square of the page count); a page of
 * numbers alone is cheap.
 */
export async function renderQuotePdfDocument(input: QuotePdfInput, options: RenderQuotePdfOptions = {}): Promise<PDFDocument> {
  registerPdfFonts();
  const content = await renderToBuffer(<QuotePdf input={input} options={options} />);
  const doc = await PDFDocument.load(content, { updateMetadata: false });
  const pages = doc.getPages();
  const numbers = await renderToBuffer(<PageNumbers input={input} total={pages.length} />);
  const stamps = await doc.embedPdf(
    numbers,
    pages.map((_, i) => i),
  );
  for (const [i, page] of pages.entries()) page.drawPage(stamps[i]);
  return doc;
}

function pageStyle(input: QuotePdfInput) {
  return { ...styles.page, fontFamily: pdfFontFamily(input.account.textFont), color: color(input.account.textColor, DEFAULT_STYLING.textColor) };
}

/** One page per page of the quote with only its number, where the footer has it (right-aligned). */
function PageNumbers({ input, total }: { input: QuotePdfInput; total: number }) {
  const t = translator(input.language === "NL" ? "nl" : "en");
  const page = pageStyle(input);
  return (
    <Document>
      {Array.from({ length: total }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages in order
        <Page key={i} size="A4" style={page}>
          <View style={[styles.footer, { justifyContent: "flex-end" }]}>
            <Text>{t("pdf:pageOf", { page: i + 1, total })}</Text>
          </View>
        </Page>
      ))}
    </Document>
  );
}

function QuotePdf({ input, options }: { input: QuotePdfInput; options: RenderQuotePdfOptions }) {
  const locale: Locale = input.language === "NL" ? "nl" : "en";
  const t = translator(locale);
  const doc = input.document;
  const linkColor = color(input.account.linkColor, DEFAULT_STYLING.linkColor);
  const ctx: Ctx = {
    t,
    language: input.language,
    money: (amount) => formatMoney(amount, doc.currency, input.language),
    rich: { linkColor, images: input.images, imageLabel: (alt) => t("pdf:image", { alt }) },
  };
  const title = t("quotes:quoteTitle", { number: doc.quoteNumber });
  const page = pageStyle(input);
  // The page number is drawn onto each page afterwards (PageNumbers); the title leaves it room.
  const footer = (
    <View style={styles.footer} fixed>
      <Text style={styles.footerTitle}>{`${title}${input.watermark ? ` · ${t("pdf:watermark")}` : ""}`}</Text>
    </View>
  );
  return (
    <Document title={`${title} – ${doc.name}`} author={input.account.name} subject={doc.name} creator="Offerly" producer="Offerly" language={locale}>
      <Page size="A4" style={page}>
        {footer}
        <View style={styles.body}>
          <Header input={input} />
          <Text style={styles.muted}>{title}</Text>
          <Text style={styles.title}>{doc.name}</Text>
          <View style={styles.meta}>
            <Field label={t("pdf:quoteNumber")} value={doc.quoteNumber} />
            <Field label={t("quotes:public.date")} value={formatDate(doc.quoteDateAt, input.language, "long")} />
            <Field label={t("quotes:public.validUntil")} value={formatDate(doc.quoteExpirationAt, input.language, "long")} />
          </View>
          <Customer doc={doc} t={t} />
          {doc.blocks.map((block) => (
            <Block key={block.id} block={block} ctx={ctx} />
          ))}
          <TotalsView totals={doc.totals} ctx={ctx} />
          <Signatures input={input} ctx={ctx} />
          {input.watermark ? <Text style={{ marginTop: 24, fontSize: 8, color: FAINT, textAlign: "center" }}>{t("pdf:watermark")}</Text> : null}
        </View>
      </Page>
      <Page size="A4" style={page}>
        {footer}
        <View style={styles.body}>
          <Certificate input={input} ctx={ctx} sealedBy={options.sealedBy} />
        </View>
      </Page>
    </Document>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View>
      <Text style={styles.label}>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}

function imageFormat(contentType: string): "png" | "jpg" | null {
  if (contentType === "image/png") return "png";
  if (contentType === "image/jpeg") return "jpg";
  return null;
}

function Header({ input }: { input: QuotePdfInput }) {
  const a = input.account;
  const format = a.logo ? imageFormat(a.logo.contentType) : null;
  const place = [a.quotePostalCode, a.quoteCity].filter(Boolean).join("  ");
  return (
    <View style={styles.header}>
      <View>
        {a.logo && format ? (
          <Image src={{ data: Buffer.from(a.logo.bytes), format }} style={styles.logo} />
        ) : (
          <Text style={{ fontSize: 14, fontWeight: 700 }}>{a.name}</Text>
        )}
      </View>
      <View style={styles.sender}>
        <Text style={styles.bold}>{a.name}</Text>
        {a.quoteStreetAndNumber ? <Text>{a.quoteStreetAndNumber}</Text> : null}
        {place ? <Text>{place}</Text> : null}
      </View>
    </View>
  );
}

function Customer({ doc, t }: { doc: QuoteDocumentData; t: TFunction }) {
  const c = doc.customer;
  if (!c) return null;
  const lines = [
    c.companyName && c.companyName !== c.name ? c.companyName : null,
    c.contactPerson && c.contactPerson !== c.name ? c.contactPerson : null,
    c.content,
    c.email,
    c.phone,
  ].filter((l): l is string => Boolean(l));
  return (
    <View style={styles.customer}>
      <Text style={styles.label}>{t("pdf:preparedFor")}</Text>
      <Text style={styles.bold}>{c.name}</Text>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of an address
        <Text key={i}>{line}</Text>
      ))}
    </View>
  );
}

/** "10%" or "€ 50,00": a discount as the quote writes it. */
function discountLabel(type: string | null | undefined, value: string | null | undefined, ctx: Ctx): string | null {
  if (!type || value === null || value === undefined) return null;
  return type === "PERCENTAGE" ? `${formatQuantity(value, ctx.language)}%` : ctx.money(value);
}

const INTERVALS = ["MONTH", "QUARTER", "YEAR"] as const;

// Block and PricingTable return fragments, not boxes without a style: the same layout with fewer
// nodes for the paginator to lay out again at every page break (decision 097).
function Block({ block, ctx }: { block: QuoteDocumentBlock; ctx: Ctx }) {
  return (
    <>
      {block.name ? (
        <Text style={styles.blockName} minPresenceAhead={40}>
          {block.name}
        </Text>
      ) : null}
      <RichTextPdf doc={block.content} options={ctx.rich} />
      {block.pricing ? <PricingTable pricing={block.pricing} ctx={ctx} /> : null}
    </>
  );
}

function PricingTable({ pricing, ctx }: { pricing: NonNullable<QuoteDocumentBlock["pricing"]>; ctx: Ctx }) {
  const { t } = ctx;
  const interval = (INTERVALS as readonly string[]).includes(pricing.unit) ? (pricing.unit as (typeof INTERVALS)[number]) : null;
  const quantity = (li: QuoteDocumentLine) => formatLineQuantity(li, pricing.unit, ctx.language, t);
  const blockDiscount = discountLabel(pricing.discountType, pricing.discountValue, ctx);
  return (
    <>
      <View style={styles.tableHead} fixed={false} minPresenceAhead={30}>
        <Text style={[styles.th, styles.colName]}>{t("quotes:lineItem.name")}</Text>
        <Text style={[styles.th, styles.colQty]}>{t("quotes:lineItem.amount")}</Text>
        <Text style={[styles.th, styles.colPrice]}>{t("quotes:lineItem.price")}</Text>
        <Text style={[styles.th, styles.colVat]}>{t("blocks:document.vat")}</Text>
        <Text style={[styles.th, styles.colTotal]}>{t("quotes:lineItem.total")}</Text>
      </View>
      {pricing.lines.map((li) => {
        const excluded = Boolean(li.optional && !li.selected);
        const discount = discountLabel(li.discountType, li.discountValue, ctx);
        return (
          <View key={li.id} style={[styles.tableRow, excluded ? { color: FAINT } : {}]} wrap={false}>
            <Text style={styles.colName}>
              {li.name}
              {li.optional ? (
                <Text style={styles.badge}>{`\n${t("blocks:document.optional")} · ${excluded ? t("blocks:document.notSelected") : t("pdf:included")}`}</Text>
              ) : null}
              {li.description ? <Text style={styles.small}>{`\n${li.description}`}</Text> : null}
              {discount ? <Text style={styles.small}>{`\n${t("blocks:document.lineDiscount", { value: discount })}`}</Text> : null}
            </Text>
            <Text style={styles.colQty}>{quantity(li)}</Text>
            <Text style={styles.colPrice}>{ctx.money(li.price)}</Text>
            <Text style={styles.colVat}>{li.vatRate !== undefined ? `${formatQuantity(li.vatRate, ctx.language)}%` : ""}</Text>
            <Text style={styles.colTotal}>
              {ctx.money(li.total)}
              {li.recurring && interval ? <Text style={styles.small}>{`\n${t(`blocks:document.interval.${interval}`)}`}</Text> : null}
            </Text>
          </View>
        );
      })}
      {blockDiscount ? (
        <Text style={[styles.right, { marginTop: 4, color: "#475569" }]}>{`${t("blocks:document.blockDiscount")}: ${blockDiscount}`}</Text>
      ) : null}
      <Text style={[styles.right, styles.bold, { marginTop: 2 }]}>{`${t("quotes:total")}: ${summary(pricing.totals, ctx)}`}</Text>
    </>
  );
}

/** "€ 2.400,00 once + € 150,00 per month" (excl. VAT by default), or just the one-off amount. */
function summary(totals: Totals, ctx: Ctx, field: "totalExclVat" | "totalInclVat" = "totalExclVat"): string {
  const { t, money } = ctx;
  if (totals.recurring.length === 0) return money(totals.oneOff[field]);
  const parts = totals.recurring.map((part) =>
    t("blocks:document.summaryRecurring", { amount: money(part[field]), interval: t(`blocks:document.interval.${part.interval}`) }),
  );
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.oneOff[field] !== "0.00";
  return [hasOneOff ? t("blocks:document.summary", { oneOff: money(totals.oneOff[field]) }) : null, ...parts].filter(Boolean).join(" + ");
}

function Row({ label, amount, bold }: { label: string; amount: string; bold?: boolean }) {
  return (
    <View style={[styles.totalRow, bold ? { fontWeight: 700, color: undefined } : {}]}>
      <Text>{label}</Text>
      <Text>{amount}</Text>
    </View>
  );
}

function PartRows({ part, ctx, heading }: { part: TotalsPart; ctx: Ctx; heading?: string }) {
  const { t, money } = ctx;
  return (
    <View style={{ marginBottom: 4 }}>
      {heading ? <Text style={[styles.bold, { marginBottom: 2 }]}>{heading}</Text> : null}
      {part.discount !== "0.00" ? <Row label={t("blocks:document.subtotal")} amount={money(part.subtotal)} /> : null}
      {part.discount !== "0.00" ? <Row label={t("blocks:document.discount")} amount={money(`-${part.discount}`)} /> : null}
      <Row label={t("blocks:document.totalExclVat")} amount={money(part.totalExclVat)} />
      {part.vat.map((v) => (
        <Row key={v.rate} label={t("blocks:document.vatAt", { rate: formatQuantity(v.rate, ctx.language) })} amount={money(v.vat)} />
      ))}
      <Row label={t("blocks:document.totalInclVat")} amount={money(part.totalInclVat)} bold />
    </View>
  );
}

function TotalsView({ totals, ctx }: { totals: Totals; ctx: Ctx }) {
  const { t } = ctx;
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.recurring.length === 0;
  return (
    <View style={styles.totals} wrap={false}>
      {hasOneOff ? <PartRows part={totals.oneOff} ctx={ctx} /> : null}
      {totals.recurring.map((part) => (
        <PartRows
          key={part.interval}
          part={part}
          ctx={ctx}
          heading={t("blocks:document.recurringHeading", { interval: t(`blocks:document.interval.${part.interval}`) })}
        />
      ))}
      <View style={styles.grandTotal}>
        <Text>{t("quotes:total")}</Text>
        <Text style={{ flexShrink: 1, textAlign: "right", paddingLeft: 12 }}>{summary(totals, ctx, "totalInclVat")}</Text>
      </View>
    </View>
  );
}

function roleLabel(signature: QuotePdfSignature, input: QuotePdfInput, t: TFunction): string {
  return signature.kind === "CUSTOMER" ? t("pdf:signatures.customer") : t("pdf:signatures.sender", { name: input.account.name });
}

function Signatures({ input, ctx }: { input: QuotePdfInput; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <View wrap={false}>
      <Text style={styles.h2}>{t("pdf:signatures.heading")}</Text>
      {input.signatures.length === 0 ? <Text style={styles.muted}>{t("pdf:signatures.none")}</Text> : null}
      <View style={styles.signatures}>
        {input.signatures.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: signatures are listed in order and never move
          <View key={i} style={styles.signature} wrap={false}>
            <View style={styles.signatureMark}>
              {s.drawnPng ? (
                <Image src={{ data: Buffer.from(s.drawnPng), format: "png" }} style={styles.drawn} />
              ) : (
                <Text style={styles.typed}>{s.typed ?? s.name}</Text>
              )}
            </View>
            <Text style={styles.bold}>{s.name}</Text>
            <Text style={styles.small}>{roleLabel(s, input, t)}</Text>
            <Text style={styles.small}>{t("pdf:signatures.signedAt", { date: formatTimestampUtc(s.signedAt, ctx.language) })}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

function KV({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.kv}>
      <Text style={styles.kvLabel}>{label}</Text>
      {typeof children === "string" ? <Text style={styles.kvValue}>{children}</Text> : <View style={styles.kvValue}>{children}</View>}
    </View>
  );
}

function Hash({ value }: { value: string | null }) {
  return <Text style={styles.mono}>{value ?? "—"}</Text>;
}

function eventLabel(event: string, t: TFunction): string {
  const key = `pdf:certificate.events.${event}`;
  const label = translateKey(t, key);
  return label === key || label === `certificate.events.${event}` ? event : label;
}

function Evidence({ row, ctx }: { row: QuotePdfEvidence; ctx: Ctx }) {
  const { t } = ctx;
  const unknown = t("pdf:certificate.unknown");
  const actor = [row.actorName, row.actorEmail ? `<${row.actorEmail}>` : null].filter(Boolean).join(" ") || unknown;
  return (
    <View style={styles.event} wrap={false}>
      <View style={styles.eventHead}>
        <Text style={styles.bold}>{eventLabel(row.event, t)}</Text>
        <Text>{formatTimestampUtc(row.at, ctx.language)}</Text>
      </View>
      <KV label={t("pdf:certificate.actor")}>{actor}</KV>
      <KV label={t("pdf:certificate.ip")}>{row.ip ?? unknown}</KV>
      <KV label={t("pdf:certificate.userAgent")}>{row.userAgent ?? unknown}</KV>
      {row.versionNumber ? <KV label={t("pdf:certificate.version")}>{String(row.versionNumber)}</KV> : null}
      {row.documentHash ? (
        <KV label={t("pdf:certificate.documentHash")}>
          <Hash value={row.documentHash} />
        </KV>
      ) : null}
    </View>
  );
}

function Certificate({ input, ctx, sealedBy }: { input: QuotePdfInput; ctx: Ctx; sealedBy?: string }) {
  const { t } = ctx;
  const doc = input.document;
  const customer = doc.customer
    ? [doc.customer.name, doc.customer.email ? `<${doc.customer.email}>` : null].filter(Boolean).join(" ")
    : t("pdf:certificate.unknown");
  return (
    <View>
      <Text style={styles.certTitle}>{t("pdf:certificate.title")}</Text>
      <Text style={styles.note}>{t("pdf:certificate.intro")}</Text>

      <Text style={styles.certSection}>{t("pdf:certificate.document")}</Text>
      <KV label={t("pdf:certificate.name")}>{doc.name}</KV>
      <KV label={t("pdf:certificate.number")}>{doc.quoteNumber}</KV>
      {input.version ? <KV label={t("pdf:certificate.version")}>{String(input.version)}</KV> : null}
      <KV label={t("pdf:certificate.sender")}>{input.account.name}</KV>
      <KV label={t("pdf:certificate.customer")}>{customer}</KV>
      <KV label={t("pdf:certificate.link")}>
        <Link src={input.publicUrl} style={{ color: ctx.rich.linkColor }}>
          {input.publicUrl}
        </Link>
      </KV>
      <KV label={t("pdf:certificate.generatedAt")}>{formatTimestampUtc(input.generatedAt, ctx.language)}</KV>

      <Text style={styles.certSection} minPresenceAhead={60}>
        {t("pdf:certificate.signaturesHeading")}
      </Text>
      {input.signatures.length === 0 ? <Text style={styles.muted}>{t("pdf:certificate.noSignatures")}</Text> : null}
      {input.signatures.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: signatures are listed in order and never move
        <View key={i} style={styles.event} wrap={false}>
          <KV label={t("pdf:certificate.signer")}>{s.name}</KV>
          <KV label={t("pdf:certificate.role")}>{roleLabel(s, input, t)}</KV>
          <KV label={t("pdf:certificate.signedAt")}>{formatTimestampUtc(s.signedAt, ctx.language)}</KV>
          {s.versionNumber ? <KV label={t("pdf:certificate.version")}>{String(s.versionNumber)}</KV> : null}
          <KV label={t("pdf:certificate.method")}>{s.drawnPng ? t("pdf:certificate.drawn") : `${t("pdf:certificate.typed")}: “${s.typed ?? s.name}”`}</KV>
          <KV label={t("pdf:certificate.documentHash")}>
            <Hash value={s.documentHash} />
          </KV>
        </View>
      ))}
      {input.signatures.length > 0 ? <Text style={[styles.note, { marginTop: 4 }]}>{t("pdf:certificate.documentHashNote")}</Text> : null}

      <Text style={styles.certSection} minPresenceAhead={60}>
        {t("pdf:certificate.evidenceHeading")}
      </Text>
      <Text style={styles.note}>{t("pdf:certificate.evidenceNote")}</Text>
      {input.evidence.length === 0 ? <Text style={styles.muted}>{t("pdf:certificate.noEvidence")}</Text> : null}
      {input.evidence.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the audit trail is append-only and in order
        <Evidence key={i} row={row} ctx={ctx} />
      ))}

      <View style={styles.sealBox} wrap={false}>
        <Text style={[styles.bold, { marginBottom: 4 }]}>{t("pdf:certificate.sealHeading")}</Text>
        <Text style={{ marginBottom: 4 }}>{t("pdf:certificate.seal", { signer: sealedBy ?? t("pdf:certificate.sealUnknownSigner") })}</Text>
        <Text style={{ marginBottom: 4 }}>{t("pdf:certificate.sealCheck")}</Text>
        <Text>{t("pdf:certificate.sealProves", { host: hostOf(input.publicUrl) })}</Text>
      </View>
    </View>
  );
}
