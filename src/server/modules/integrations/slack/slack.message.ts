/**
 * The Slack message of one event (decision 054): Block Kit, in the account's language — what
 * happened, the quote's number and title, the customer, the totals (one-off and each recurring
 * interval apart, never summed), the signer and time for a signature, the question or the reason,
 * and a button that opens the quote in Offerly (the app, never the customer's link). Built from
 * the event's webhook body (docs/events/*.schema.json); `text` is the notification fallback.
 */
import type { RecurringInterval } from "../../../../shared/enums";
import { translator } from "../../../../shared/i18n/server";
import { type Locale, localizePath } from "../../../../shared/locales";

type Money = { totalExclVat: string; totalInclVat?: string };
type Totals = { currency: string; oneOff: Money; recurring: (Money & { interval: string })[] };
type QuoteBody = {
  id: string;
  number: string;
  name: string;
  signedAt?: string | null;
  totals: Totals;
  customer: { name: string; companyName?: string | null } | null;
};
export type SlackEventBody = {
  type: string;
  timestamp: string;
  data: {
    quote?: QuoteBody;
    selection?: { totals: Totals } | null;
    question?: { text: string };
    reason?: string | null;
    /** quote.signature_added: who signed (kind CUSTOMER or ACCOUNT) and when. */
    signature?: { kind?: string; name: string; signedAt: string };
    /** quote.payment.paid / failed: the customer's payment (amount incl. VAT, as frozen at signing). */
    payment?: { amount: string; currency: string };
    /** quote.subscription.created / canceled: one recurring charge on the owner's Mollie account. */
    subscription?: { interval: RecurringInterval; amount: string; currency: string; startDate: string; nextPaymentDate: string | null; status: string };
  };
};

export type SlackText = { type: "mrkdwn" | "plain_text"; text: string; emoji?: boolean };
export type SlackBlock =
  | { type: "section"; text: SlackText; fields?: SlackText[] }
  | { type: "context"; elements: SlackText[] }
  | { type: "actions"; elements: { type: "button"; text: SlackText; url: string; action_id: string; style?: "primary" }[] };
export type SlackMessage = { text: string; blocks: SlackBlock[] };

/** Slack's mrkdwn control characters (&, <, >) escaped: a quote title never becomes a link or mention. */
export function escapeMrkdwn(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

function money(amount: string, currency: string, locale: Locale): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${currency} ${amount}`;
  return new Intl.NumberFormat(locale === "nl" ? "nl-NL" : "en-GB", { style: "currency", currency }).format(value);
}

function moment(iso: string, locale: Locale, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date);
  }
}

/** Each event's headline: the translation key by event type (a type not here gets `message.other`). */
const HEADLINES = {
  "quote.signature_added": "integrations:message.quote.signatureAdded",
  "quote.signed": "integrations:message.quote.signed",
  "quote.declined": "integrations:message.quote.declined",
  "quote.viewed": "integrations:message.quote.viewed",
  "quote.question_asked": "integrations:message.quote.question_asked",
  "quote.published": "integrations:message.quote.published",
  "quote.sent": "integrations:message.quote.sent",
  "quote.expired": "integrations:message.quote.expired",
  "quote.withdrawn": "integrations:message.quote.withdrawn",
  "quote.payment.paid": "integrations:message.quote.paymentPaid",
  "quote.payment.failed": "integrations:message.quote.paymentFailed",
  "quote.subscription.created": "integrations:message.quote.subscriptionCreated",
  "quote.subscription.canceled": "integrations:message.quote.subscriptionCanceled",
} as const;

const RECURRING = {
  MONTH: "integrations:message.recurring.MONTH",
  QUARTER: "integrations:message.recurring.QUARTER",
  YEAR: "integrations:message.recurring.YEAR",
} as const satisfies Record<RecurringInterval, string>;

const SUBSCRIPTION_AMOUNT = {
  MONTH: "integrations:message.subscriptionAmount.MONTH",
  QUARTER: "integrations:message.subscriptionAmount.QUARTER",
  YEAR: "integrations:message.subscriptionAmount.YEAR",
} as const satisfies Record<RecurringInterval, string>;

/** A calendar date (YYYY-MM-DD, no time zone: Mollie's dates) in the account's language. */
function day(isoDate: string, locale: Locale): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function buildSlackMessage(
  body: SlackEventBody,
  options: { locale: Locale; timeZone: string; publicUrl: string; signerName?: string | null },
): SlackMessage {
  const { locale, timeZone, publicUrl } = options;
  const t = translator(locale);
  const quote = body.data.quote;
  if (!quote)
    return {
      text: t("integrations:message.test"),
      blocks: [{ type: "section", text: { type: "mrkdwn", text: escapeMrkdwn(t("integrations:message.test")) } }],
    };

  const number = quote.number;
  const headlineKey = Object.hasOwn(HEADLINES, body.type) ? HEADLINES[body.type as keyof typeof HEADLINES] : undefined;
  const signature = body.type === "quote.signature_added" ? body.data.signature : undefined;
  const headline = headlineKey ? t(headlineKey, { number, name: signature?.name ?? "" }) : t("integrations:message.other", { number });
  const customer = quote.customer
    ? [quote.customer.name, quote.customer.companyName].filter((v): v is string => Boolean(v)).join(" · ")
    : t("integrations:message.noCustomer");
  // A signed quote's totals are the customer's selection; otherwise the quote's own.
  const totals = body.data.selection?.totals ?? quote.totals;
  const fields: SlackText[] = [
    { type: "mrkdwn", text: `*${escapeMrkdwn(t("integrations:message.customer"))}*\n${escapeMrkdwn(clip(customer, 200))}` },
    {
      type: "mrkdwn",
      text: `*${escapeMrkdwn(t("integrations:message.oneOff"))}*\n${escapeMrkdwn(t("integrations:message.exclVat", { amount: money(totals.oneOff.totalExclVat, totals.currency, locale) }))}`,
    },
  ];
  for (const part of totals.recurring.slice(0, 3)) {
    fields.push({
      type: "mrkdwn",
      text: `*${escapeMrkdwn(t(RECURRING[part.interval as RecurringInterval]))}*\n${escapeMrkdwn(t("integrations:message.exclVat", { amount: money(part.totalExclVat, totals.currency, locale) }))}`,
    });
  }

  const blocks: SlackBlock[] = [
    { type: "section", text: { type: "mrkdwn", text: `*${escapeMrkdwn(headline)}*\n${escapeMrkdwn(clip(`${number} — ${quote.name}`, 500))}` }, fields },
  ];
  // A payment's or a subscription's own amount (incl. VAT: what is charged), beside the quote's totals.
  const payment = body.type.startsWith("quote.payment.") ? body.data.payment : undefined;
  if (payment) {
    fields.push({
      type: "mrkdwn",
      text: `*${escapeMrkdwn(t("integrations:message.payment"))}*\n${escapeMrkdwn(t("integrations:message.paymentAmount", { amount: money(payment.amount, payment.currency, locale) }))}`,
    });
  }
  const subscription = body.type.startsWith("quote.subscription.") ? body.data.subscription : undefined;
  if (subscription && Object.hasOwn(SUBSCRIPTION_AMOUNT, subscription.interval)) {
    const amount = t(SUBSCRIPTION_AMOUNT[subscription.interval], { amount: money(subscription.amount, subscription.currency, locale) });
    // A new subscription says when it first charges; a canceled one charges no more.
    const lines =
      body.type === "quote.subscription.created" ? [amount, t("integrations:message.firstCharge", { date: day(subscription.startDate, locale) })] : [amount];
    fields.push({ type: "mrkdwn", text: `*${escapeMrkdwn(t("integrations:message.subscription"))}*\n${lines.map(escapeMrkdwn).join("\n")}` });
  }
  if (body.type === "quote.question_asked" && body.data.question) {
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: `*${escapeMrkdwn(t("integrations:message.question"))}*\n${escapeMrkdwn(clip(body.data.question.text, 1500))}` },
    });
  }
  if (body.type === "quote.declined" && body.data.reason) {
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: `*${escapeMrkdwn(t("integrations:message.reason"))}*\n${escapeMrkdwn(clip(body.data.reason, 1500))}` },
    });
  }
  const signedAt = body.type === "quote.signed" ? (quote.signedAt ?? body.timestamp) : null;
  const context = signature
    ? t("integrations:message.signedBy", { name: signature.name, time: moment(signature.signedAt, locale, timeZone) })
    : signedAt
      ? options.signerName
        ? t("integrations:message.signedBy", { name: options.signerName, time: moment(signedAt, locale, timeZone) })
        : t("integrations:message.signedAt", { time: moment(signedAt, locale, timeZone) })
      : t("integrations:message.at", { time: moment(body.timestamp, locale, timeZone) });
  blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: escapeMrkdwn(clip(context, 300)) }] });
  blocks.push({
    type: "actions",
    elements: [
      {
        type: "button",
        text: { type: "plain_text", text: t("integrations:message.open"), emoji: false },
        url: `${publicUrl}${localizePath(`/app/quotes/mutate/${quote.id}`, locale)}`,
        action_id: "open_quote",
        style: "primary",
      },
    ],
  });
  // The fallback is mrkdwn too (notifications, old clients): escaped like the blocks.
  return { text: escapeMrkdwn(clip(`${headline}: ${number} — ${quote.name}`, 300)), blocks };
}
