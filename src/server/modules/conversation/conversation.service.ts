import crypto from "node:crypto";
import { publicBaseUrl } from "../custom-domains/custom-domains.service";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  CUSTOMER_MAILS_PER_ACCOUNT_PER_HOUR,
  DECLINES_PER_IP_PER_HOUR,
  QUESTIONS_PER_IP_PER_HOUR,
  QUESTIONS_PER_QUOTE_PER_DAY,
  REMINDER_DAYS_DEFAULT,
  SENDS_PER_QUOTE_PER_HOUR,
  reminderDueAt,
} from "../../../shared/conversation";
import type { Language } from "../../../shared/enums";
import { formatDate } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import type { Locale } from "../../../shared/locales";
import { isExpired, todayIso } from "../../../shared/quote-status";
import { publicQuoteUrl } from "../../../shared/quotes";
import type { Database, Executor } from "../../db/client";
import { errorMessages, isUuid } from "../../db/ids";
import { REMINDER_JOB, sendQuoteReminderJob } from "./conversation.jobs";
import { type Evidence, recordEvent } from "../../events";
import { cancelQueuedReminders } from "./conversation.subscriber";
import { accounts, customers, jobs, quoteConversationEntries, quoteReminders, quotes, users } from "../../db/schema";
import { assertQuoteAction } from "../quotes/quote-state.service";
import { AppError } from "../../errors";
import { hitRateLimit } from "../../http/rate-limit";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";

/**
 * The conversation around a quote (issue 14, decision 027): the customer asks questions and may
 * decline; the owner answers by e-mail, sends the link and schedules a reminder. Every e-mail goes
 * through the `send-mail` job, queued in the transaction that stores what it reports.
 */

export type ConversationEntry = typeof quoteConversationEntries.$inferSelect;
export type QuoteReminderRow = typeof quoteReminders.$inferSelect;
type QuoteRecord = typeof quotes.$inferSelect;

/** The job that sends a quote's reminder (defined in conversation.jobs.ts). */
export { REMINDER_JOB };

const localeOfLanguage = (language: Language | string): Locale => (language === "NL" ? "nl" : "en");
const quoteNotFound = () => new AppError("NOT_FOUND", "quotes:notFound");
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** A hash of the caller's network address: rate limits without storing addresses in clear. */
export function clientKeyOf(address: string | undefined): string {
  return crypto
    .createHash("sha256")
    .update(address ?? "unknown")
    .digest("hex")
    .slice(0, 32);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Every entry of the given quotes (the caller checked they belong to the account), oldest first. */
export async function findConversationOfQuotes(db: Executor, accountId: string, quoteIds: string[]): Promise<Map<string, ConversationEntry[]>> {
  const result = new Map<string, ConversationEntry[]>(quoteIds.map((id) => [id, []]));
  if (!quoteIds.length) return result;
  const rows = await db
    .select()
    .from(quoteConversationEntries)
    .where(and(eq(quoteConversationEntries.accountId, accountId), inArray(quoteConversationEntries.quoteId, quoteIds)))
    .orderBy(asc(quoteConversationEntries.createdAt), asc(quoteConversationEntries.id));
  for (const row of rows) result.get(row.quoteId)?.push(row);
  return result;
}

/** The active decline of each quote (null when none): what makes the app show "Declined". */
export async function findActiveDeclines(db: Executor, quoteIds: string[]): Promise<Map<string, ConversationEntry | null>> {
  const result = new Map<string, ConversationEntry | null>(quoteIds.map((id) => [id, null]));
  if (!quoteIds.length) return result;
  const rows = await db
    .select()
    .from(quoteConversationEntries)
    .where(and(inArray(quoteConversationEntries.quoteId, quoteIds), eq(quoteConversationEntries.kind, "DECLINE"), isNull(quoteConversationEntries.clearedAt)));
  for (const row of rows) result.set(row.quoteId, row);
  return result;
}

export type ReminderView = { enabled: boolean; daysBefore: number; sentAt: Date | null; scheduledFor: Date | null };

/** Each quote's reminder setting (defaults when never set) and when the next one is due. */
export async function findReminders(db: Executor, quoteIds: string[]): Promise<Map<string, ReminderView>> {
  const result = new Map<string, ReminderView>(
    quoteIds.map((id) => [id, { enabled: false, daysBefore: REMINDER_DAYS_DEFAULT, sentAt: null, scheduledFor: null }]),
  );
  if (!quoteIds.length) return result;
  const [rows, due] = await Promise.all([
    db.select().from(quoteReminders).where(inArray(quoteReminders.quoteId, quoteIds)),
    db
      .select({ quoteId: sql<string>`${jobs.payload}->>'quoteId'`, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.name, REMINDER_JOB), eq(jobs.status, "queued"), inArray(sql`${jobs.payload}->>'quoteId'`, quoteIds))),
  ]);
  for (const row of rows) result.set(row.quoteId, { enabled: row.enabled, daysBefore: row.daysBefore, sentAt: row.sentAt, scheduledFor: null });
  for (const job of due) {
    const view = result.get(job.quoteId);
    if (view?.enabled) view.scheduledFor = job.runAt;
  }
  return result;
}

/** The public page's part: whether the customer can still decline or ask, and an active decline. */
export async function getPublicConversation(db: Executor, quoteId: string) {
  const [declines, [zone]] = await Promise.all([
    findActiveDeclines(db, [quoteId]),
    // Times shown to the customer: the sending account's time zone (the quote's).
    db.select({ timeZone: accounts.timeZone }).from(quotes).innerJoin(accounts, eq(accounts.id, quotes.accountId)).where(eq(quotes.id, quoteId)),
  ]);
  const decline = declines.get(quoteId) ?? null;
  return { declinedAt: decline?.createdAt.toISOString() ?? null, declineReason: decline?.body ?? null, timeZone: zone?.timeZone ?? "UTC" };
}

// ---------------------------------------------------------------------------------------------
// The customer's side (public, by the link's nanoId)

const NANO_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The quote behind a public link, locked for the transaction, if the customer may still respond to it. */
async function lockQuoteForCustomer(tx: Executor, nanoId: string, now: Date): Promise<QuoteRecord> {
  if (!NANO_ID_PATTERN.test(nanoId)) throw new AppError("NOT_FOUND", "conversation:errors.notAvailable");
  const [quote] = await tx.select().from(quotes).where(eq(quotes.nanoId, nanoId)).for("update");
  if (!quote || quote.status === "DRAFT") throw new AppError("NOT_FOUND", "conversation:errors.notAvailable");
  if (quote.status === "SIGNED") throw new AppError("CONFLICT", "conversation:errors.signed");
  if (isExpired({ status: quote.status, expirationDate: quote.expirationDate }, todayIso(now))) throw new AppError("CONFLICT", "conversation:errors.expired");
  return quote;
}

async function limitOrRefuse(db: Database, key: string, limit: number, windowSeconds: number) {
  const hit = await hitRateLimit(db, key, limit, windowSeconds);
  if (!hit.allowed) throw new AppError("RATE_LIMITED", "conversation:errors.rateLimited", { minutes: minutes(hit.retryAfterSeconds) });
}

type PublicDeps = { db: Database; publicUrl: string };

/**
 * A customer's question on a published, unexpired, unsigned quote. Limited per network address
 * and per quote; stored in the same transaction that queues the owners' e-mail.
 */
export async function askQuoteQuestion(
  deps: PublicDeps,
  input: { nanoId: string; question: string; clientKey: string },
  now = new Date(),
): Promise<ConversationEntry> {
  // A link that cannot be one names no quote; refused before it becomes part of a rate-limit key
  // (a NUL byte in it is text PostgreSQL refuses: the fuzz found a 500 there).
  if (!NANO_ID_PATTERN.test(input.nanoId)) throw new AppError("NOT_FOUND", "conversation:errors.notAvailable");
  await limitOrRefuse(deps.db, `conversation:question:ip:${input.clientKey}`, QUESTIONS_PER_IP_PER_HOUR, 60 * 60);
  await limitOrRefuse(deps.db, `conversation:question:quote:${input.nanoId}`, QUESTIONS_PER_QUOTE_PER_DAY, 24 * 60 * 60);
  return deps.db.transaction(async (tx) => {
    const quote = await lockQuoteForCustomer(tx, input.nanoId, now);
    const [entry] = await tx
      .insert(quoteConversationEntries)
      .values({ accountId: quote.accountId, quoteId: quote.id, kind: "QUESTION", body: input.question, createdAt: now })
      .returning();
    await recordEvent(tx, {
      type: "quote.question_asked",
      accountId: quote.accountId,
      quoteId: quote.id,
      now,
      question: { id: entry.id, text: input.question },
    });
    return entry;
  });
}

/**
 * A customer declines a published, unexpired, unsigned quote (with an optional reason). The quote
 * stays PUBLISHED; the active decline makes the app show "Declined", stops reminders and refuses
 * signing (the database too) until the quote is published again.
 */
export async function declineQuote(
  deps: PublicDeps,
  input: { nanoId: string; reason: string | null; clientKey: string; evidence?: Evidence },
  now = new Date(),
): Promise<ConversationEntry> {
  await limitOrRefuse(deps.db, `conversation:decline:ip:${input.clientKey}`, DECLINES_PER_IP_PER_HOUR, 60 * 60);
  return deps.db.transaction(async (tx) => {
    const quote = await lockQuoteForCustomer(tx, input.nanoId, now);
    return recordDecline(tx, quote, input.reason, { publicUrl: deps.publicUrl, now, evidence: input.evidence });
  });
}

/**
 * The one place a decline is written (call it inside the transaction holding the quote's row
 * lock): the DECLINE entry, the DECLINED row of the audit trail (decision 024), the owners'
 * notification (when switched on), and no more reminders.
 */
export async function recordDecline(
  tx: Executor,
  quote: QuoteRecord,
  reason: string | null,
  options: { publicUrl: string; now?: Date; evidence?: Evidence },
): Promise<ConversationEntry> {
  const now = options.now ?? new Date();
  const [active] = await tx
    .select({ id: quoteConversationEntries.id })
    .from(quoteConversationEntries)
    .where(and(eq(quoteConversationEntries.quoteId, quote.id), eq(quoteConversationEntries.kind, "DECLINE"), isNull(quoteConversationEntries.clearedAt)))
    .limit(1);
  if (active) throw new AppError("CONFLICT", "conversation:errors.alreadyDeclined");
  // The state table (src/shared/quote-state.ts): no decline once a customer signed this version.
  await assertQuoteAction(tx, quote.id, "DECLINE", {
    now,
    refusal: (state) => (state === "CUSTOMER_SIGNED" ? new AppError("CONFLICT", "conversation:errors.declineAfterSignature") : null),
  });
  const [entry] = await tx
    .insert(quoteConversationEntries)
    .values({ accountId: quote.accountId, quoteId: quote.id, kind: "DECLINE", body: reason, createdAt: now })
    .returning();
  const contact = quote.customerSnapshot;
  await recordEvent(tx, {
    type: "quote.declined",
    accountId: quote.accountId,
    quoteId: quote.id,
    now,
    reason,
    audit: {
      actorName: contact?.contactPerson ?? contact?.name ?? null,
      actorEmail: contact?.email ?? null,
      details: reason ? { reason } : null,
      evidence: options.evidence ?? { ip: null, userAgent: null },
    },
  });
  // No more reminders and the owners' e-mail: the conversation subscriber (conversation.subscriber.ts) on quote.declined.
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The owner's side (account-scoped)

type OwnerDeps = { db: Database; publicUrl: string };
type Actor = { accountId: string; userId: string };

async function senderOf(tx: Executor, actor: Actor) {
  const [row] = await tx
    .select({ company: accounts.name, userName: users.name, userEmail: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, actor.userId))
    .where(eq(accounts.id, actor.accountId));
  return { company: row?.company ?? "", name: row?.userName || row?.company || "", email: row?.userEmail };
}

/** The customer's address for a quote: the live customer record, else the one frozen at publication. */
async function customerEmailOf(tx: Executor, quote: QuoteRecord): Promise<string | null> {
  if (quote.customerId) {
    const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, quote.customerId)).limit(1);
    if (customer?.email) return customer.email;
  }
  return quote.customerSnapshot?.email ?? null;
}

/**
 * The owner answers a customer's question: the answer is stored and e-mailed to the customer's
 * contact, in the quote's language, in one transaction. A question is answered once.
 */
export async function answerQuoteQuestion(deps: OwnerDeps, actor: Actor, entryId: string, answer: string, now = new Date()): Promise<ConversationEntry> {
  if (!isUuid(entryId)) throw new AppError("NOT_FOUND", "conversation:errors.questionNotFound");
  await limitOrRefuse(deps.db, `conversation:mail:account:${actor.accountId}`, CUSTOMER_MAILS_PER_ACCOUNT_PER_HOUR, 60 * 60);
  return deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(quoteConversationEntries)
      .where(
        and(eq(quoteConversationEntries.id, entryId), eq(quoteConversationEntries.accountId, actor.accountId), eq(quoteConversationEntries.kind, "QUESTION")),
      )
      .for("update");
    if (!entry) throw new AppError("NOT_FOUND", "conversation:errors.questionNotFound");
    if (entry.answeredAt) throw new AppError("CONFLICT", "conversation:errors.alreadyAnswered");
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, entry.quoteId));
    const to = await customerEmailOf(tx, quote);
    if (!to) throw new AppError("BAD_USER_INPUT", "conversation:errors.customerNoEmail");
    const sender = await senderOf(tx, actor);
    const locale = localeOfLanguage(quote.language);
    const t = translator(locale);
    const url = publicQuoteUrl(await publicBaseUrl(tx, deps.publicUrl, quote.accountId), quote);
    const vars = { company: sender.company, number: quote.quoteNumber, title: quote.name, name: sender.name };
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("conversation:email.answer.subject", vars),
      heading: t("conversation:email.answer.heading", vars),
      paragraphs: [
        t("conversation:email.answer.body", vars),
        t("conversation:email.answer.questionLabel"),
        entry.body ?? "",
        t("conversation:email.answer.answerLabel"),
        answer,
      ],
      button: { label: t("conversation:email.viewQuote"), url },
      footer: t("conversation:email.customerFooter", { company: sender.company }),
    });
    await enqueue(tx, sendMailJob, { to, subject: t("conversation:email.answer.subject", vars), html, text, replyTo: sender.email });
    const [updated] = await tx
      .update(quoteConversationEntries)
      .set({ answer, answerEmail: to, answeredAt: now, answeredByUserId: actor.userId })
      .where(eq(quoteConversationEntries.id, entry.id))
      .returning();
    return updated;
  });
}

/** Lock an own quote, or NOT_FOUND. */
async function lockOwnQuote(tx: Executor, accountId: string, quoteId: string): Promise<QuoteRecord> {
  if (!isUuid(quoteId)) throw quoteNotFound();
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, quoteId)))
    .for("update");
  if (!quote) throw quoteNotFound();
  return quote;
}

/**
 * E-mails a published, unexpired quote's link to the customer (any address the owner typed), in
 * the quote's language, with an optional personal message. Limited per quote and per account.
 */
export async function sendQuoteToCustomer(
  deps: OwnerDeps,
  actor: Actor,
  quoteId: string,
  input: { email: string; message: string | null },
  now = new Date(),
): Promise<ConversationEntry> {
  if (!isUuid(quoteId)) throw quoteNotFound();
  // Check the quote before spending the caller's allowance on a quote that is not theirs.
  const [exists] = await deps.db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.accountId, actor.accountId), eq(quotes.id, quoteId)));
  if (!exists) throw quoteNotFound();
  await limitOrRefuse(deps.db, `conversation:send:quote:${quoteId}`, SENDS_PER_QUOTE_PER_HOUR, 60 * 60);
  await limitOrRefuse(deps.db, `conversation:mail:account:${actor.accountId}`, CUSTOMER_MAILS_PER_ACCOUNT_PER_HOUR, 60 * 60);
  return deps.db.transaction(async (tx) => {
    const quote = await lockOwnQuote(tx, actor.accountId, quoteId);
    if (quote.status !== "PUBLISHED")
      throw new AppError("CONFLICT", quote.status === "SIGNED" ? "conversation:errors.sendSigned" : "conversation:errors.sendDraft");
    if (isExpired({ status: quote.status, expirationDate: quote.expirationDate }, todayIso(now)))
      throw new AppError("CONFLICT", "conversation:errors.sendExpired");
    // The state table: a declined quote is not sent again until it is published again.
    await assertQuoteAction(tx, quote.id, "SEND", { now });
    const sender = await senderOf(tx, actor);
    const locale = localeOfLanguage(quote.language);
    const t = translator(locale);
    const url = publicQuoteUrl(await publicBaseUrl(tx, deps.publicUrl, quote.accountId), quote);
    const vars = {
      company: sender.company,
      number: quote.quoteNumber,
      title: quote.name,
      name: sender.name,
      date: formatDate(quote.expirationDate, locale, "long"),
    };
    const paragraphs = [t("conversation:email.send.body", vars)];
    if (input.message) paragraphs.push(input.message);
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("conversation:email.send.subject", vars),
      heading: t("conversation:email.send.heading", vars),
      paragraphs,
      button: { label: t("conversation:email.viewQuote"), url },
      note: t("conversation:email.send.note", vars),
      footer: t("conversation:email.customerFooter", { company: sender.company }),
    });
    await enqueue(tx, sendMailJob, {
      to: input.email,
      subject: t("conversation:email.send.subject", vars),
      html,
      text,
      replyTo: sender.email,
      logHint: { quoteLink: url },
    });
    const [entry] = await tx
      .insert(quoteConversationEntries)
      .values({ accountId: quote.accountId, quoteId: quote.id, kind: "SENT", body: input.message, email: input.email, createdAt: now })
      .returning();
    await recordEvent(tx, { type: "quote.sent", accountId: quote.accountId, quoteId: quote.id, now, recipients: [input.email] });
    return entry;
  });
}

// ---------------------------------------------------------------------------------------------
// Reminders

/**
 * Puts the quote's reminder job in line with its current state: the waiting one is removed and,
 * when the reminder is on, the quote published and not declined, and no reminder went out for
 * these dates yet, a new one is queued for N days before expiry at 08:00 UTC (at once when that
 * moment has passed). Call it in the transaction that changed the quote or the setting.
 */
export async function scheduleReminder(tx: Executor, quoteId: string, now = new Date()): Promise<void> {
  await cancelQueuedReminders(tx, quoteId);
  const [row] = await tx
    .select({ quote: quotes, reminder: quoteReminders })
    .from(quotes)
    .innerJoin(quoteReminders, eq(quoteReminders.quoteId, quotes.id))
    .where(eq(quotes.id, quoteId));
  if (!row?.reminder.enabled || row.quote.status !== "PUBLISHED") return;
  if (row.reminder.sentForExpiration === row.quote.expirationDate) return;
  if (isExpired({ status: row.quote.status, expirationDate: row.quote.expirationDate }, todayIso(now))) return;
  if ((await findActiveDeclines(tx, [quoteId])).get(quoteId)) return;
  const due = reminderDueAt(row.quote.expirationDate, row.reminder.daysBefore);
  await enqueue(
    tx,
    sendQuoteReminderJob,
    { quoteId, expirationDate: row.quote.expirationDate, daysBefore: row.reminder.daysBefore },
    { runAt: due > now ? due : now },
  );
}

/** The owner switches a quote's reminder on or off, or changes its days (also while published). */
export async function updateQuoteReminder(db: Database, accountId: string, quoteId: string, input: { enabled: boolean; daysBefore: number }, now = new Date()) {
  return db.transaction(async (tx) => {
    const quote = await lockOwnQuote(tx, accountId, quoteId);
    if (quote.status === "SIGNED") throw new AppError("CONFLICT", "conversation:errors.reminderSigned");
    // The state table: a reminder asks to sign before the date, so not once declined, signed by the customer or expired.
    await assertQuoteAction(tx, quote.id, "EDIT_REMINDER", { now });
    await tx
      .insert(quoteReminders)
      .values({ quoteId: quote.id, accountId, enabled: input.enabled, daysBefore: input.daysBefore, updatedAt: now })
      .onConflictDoUpdate({ target: quoteReminders.quoteId, set: { enabled: input.enabled, daysBefore: input.daysBefore, updatedAt: now } });
    await scheduleReminder(tx, quote.id, now);
    return quote;
  });
}

/**
 * For publishQuote (same transaction): an earlier decline no longer counts (the customer sees a
 * revised quote), and the reminder is scheduled for the new dates.
 */
export async function onQuotePublished(tx: Executor, quoteId: string, now = new Date()): Promise<void> {
  await tx
    .update(quoteConversationEntries)
    .set({ clearedAt: now })
    .where(and(eq(quoteConversationEntries.quoteId, quoteId), eq(quoteConversationEntries.kind, "DECLINE"), isNull(quoteConversationEntries.clearedAt)));
  await scheduleReminder(tx, quoteId, now);
}

/**
 * The reminder job's work, under the reminder row's lock: re-checks everything (setting, status,
 * dates, decline, expiry, already sent for these dates) and only then stores "sent" and queues the
 * e-mail in the same transaction, so it is sent at most once per expiration date.
 */
export async function sendDueReminder(
  db: Database,
  publicUrl: string,
  payload: { quoteId: string; expirationDate: string; daysBefore: number },
  now = new Date(),
): Promise<"sent" | "skipped"> {
  return db.transaction(async (tx) => {
    const [reminder] = await tx.select().from(quoteReminders).where(eq(quoteReminders.quoteId, payload.quoteId)).for("update");
    if (!reminder?.enabled || reminder.daysBefore !== payload.daysBefore) return "skipped";
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, payload.quoteId)).for("share");
    if (quote?.status !== "PUBLISHED" || quote.expirationDate !== payload.expirationDate) return "skipped";
    if (reminder.sentForExpiration === quote.expirationDate) return "skipped";
    if (isExpired({ status: quote.status, expirationDate: quote.expirationDate }, todayIso(now))) return "skipped";
    if ((await findActiveDeclines(tx, [quote.id])).get(quote.id)) return "skipped";
    const to = await customerEmailOf(tx, quote);
    if (!to) return "skipped";
    const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, quote.accountId));
    const locale = localeOfLanguage(quote.language);
    const t = translator(locale);
    const url = publicQuoteUrl(await publicBaseUrl(tx, publicUrl, quote.accountId), quote);
    const vars = { company: account?.name ?? "", number: quote.quoteNumber, title: quote.name, date: formatDate(quote.expirationDate, locale, "long") };
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("conversation:email.reminder.subject", vars),
      heading: t("conversation:email.reminder.heading", vars),
      paragraphs: [t("conversation:email.reminder.body", vars)],
      button: { label: t("conversation:email.viewQuote"), url },
      footer: t("conversation:email.customerFooter", { company: vars.company }),
    });
    await enqueue(tx, sendMailJob, { to, subject: t("conversation:email.reminder.subject", vars), html, text, logHint: { quoteLink: url } });
    await tx.update(quoteReminders).set({ sentForExpiration: quote.expirationDate, sentAt: now }).where(eq(quoteReminders.quoteId, quote.id));
    await tx.insert(quoteConversationEntries).values({ accountId: quote.accountId, quoteId: quote.id, kind: "REMINDER", email: to, createdAt: now });
    return "sent";
  });
}

/** Turns the database's decline guard into the translated refusal (for the signing code). */
export function isDeclinedGuardError(error: unknown): boolean {
  return errorMessages(error).includes("offerly:quote_declined");
}

/** The account's switch for the owners' e-mails on signed and declined quotes. */
export async function updateAccountNotifications(db: Executor, accountId: string, input: { notifyQuoteResponses: boolean }) {
  const [account] = await db
    .update(accounts)
    .set({ notifyQuoteResponses: input.notifyQuoteResponses, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!account) throw new AppError("NOT_FOUND", "api:notFound");
  return account;
}
