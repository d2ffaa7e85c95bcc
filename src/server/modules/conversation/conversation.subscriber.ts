import { and, asc, eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import { priceToCents } from "../../../shared/totals";
import type { Locale } from "../../../shared/locales";
import type { Executor } from "../../db/client";
import { accountUsers, accounts, docusignEnvelopes, jobs, quotes, users } from "../../db/schema";
import { hasCustomerSignature } from "../public-quote/signature-reads";
import type { EventPayloads, EventSubscriber, RecordedEvent } from "../../events";
import { eventLinkBase } from "../../events/links";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";
import { REMINDER_JOB } from "./conversation.jobs";

/**
 * The conversation's subscriber (issue 23, decision 046): the owners' e-mails on a question, a
 * decline, a signed and a paid quote (decision 058), and the waiting reminder dropped when a quote is declined, signed or
 * withdrawn, follow the events instead of being called by each service. It runs in the event
 * writer's transaction and only enqueues (and removes waiting reminder jobs). It imports no
 * service: the writer imports it (src/server/events/subscribers.ts), so a service import here
 * would close an import circle.
 */
export const conversationSubscriber: EventSubscriber = {
  name: "conversation",
  types: ["quote.question_asked", "quote.declined", "quote.signature_added", "quote.signed", "quote.withdrawn", "quote.payment.paid"],
  onEvent: (tx, event) => onQuoteEvent(tx, event),
};

type QuoteRecord = typeof quotes.$inferSelect;

/** Removes a quote's waiting reminder jobs (a running one re-checks everything itself). */
export async function cancelQueuedReminders(tx: Executor, quoteId: string): Promise<void> {
  await tx.delete(jobs).where(and(eq(jobs.name, REMINDER_JOB), eq(jobs.status, "queued"), sql`${jobs.payload}->>'quoteId' = ${quoteId}`));
}

/**
 * The conversation's part of a domain event (conversation.subscriber.ts, in the writer's
 * transaction; it reads and enqueues only): a question, a decline or a customer's signature (on the
 * quote's page, or at DocuSign) queues the owners' e-mail (a question always, the others when the
 * account has them switched on); a decline, a signed or a withdrawn quote drops the quote's waiting
 * reminder.
 */
export async function onQuoteEvent(tx: Executor, event: RecordedEvent): Promise<void> {
  const quoteId = "quote" in event.payload ? event.payload.quote.id : null;
  if (!quoteId) return;
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  if (!quote) return;
  const publicUrl = eventLinkBase();
  switch (event.type) {
    case "quote.question_asked": {
      const { question } = event.payload as EventPayloads["quote.question_asked"];
      await mailOwners(tx, quote, publicUrl, "question", { text: question.text }, { always: true });
      return;
    }
    case "quote.declined":
      await cancelQueuedReminders(tx, quote.id);
      await mailOwners(tx, quote, publicUrl, "declined", { text: (event.payload as EventPayloads["quote.declined"]).reason }, { always: false });
      return;
    case "quote.signature_added":
      // The customer signed on the quote's page (the quote waits for the owner's "Mark as signed"):
      // this is when the owners hear it, once per customer signature. The account's own signature
      // is the owner's act.
      if ((event.payload as EventPayloads["quote.signature_added"]).signature.kind === "CUSTOMER")
        await mailOwners(tx, quote, publicUrl, "signed", { text: null }, { always: false });
      return;
    case "quote.signed":
      await cancelQueuedReminders(tx, quote.id);
      // Signed with DocuSign (the envelope completed in this transaction, no customer signature
      // here): the customer signed there, so the owners hear it now. After a customer's signature
      // here they heard it then; a quote the owner marks signed without one is the owner's own act.
      if ((await signedWithDocuSign(tx, quote.id)) && !(await hasCustomerSignature(tx, quote.id)))
        await mailOwners(tx, quote, publicUrl, "signed", { text: null }, { always: false });
      return;
    case "quote.withdrawn":
      await cancelQueuedReminders(tx, quote.id);
      return;
    case "quote.payment.paid": {
      // Money arrived: always mailed (not a "response" the owner may switch off).
      const { payment } = event.payload as EventPayloads["quote.payment.paid"];
      await mailOwners(tx, quote, publicUrl, "paid", { text: null }, { always: true }, (locale) => ({
        amount: formatCents(priceToCents(payment.amount) ?? 0n, payment.currency, locale),
      }));
      return;
    }
  }
}

async function signedWithDocuSign(tx: Executor, quoteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: docusignEnvelopes.id })
    .from(docusignEnvelopes)
    .where(and(eq(docusignEnvelopes.quoteId, quoteId), eq(docusignEnvelopes.status, "COMPLETED")))
    .limit(1);
  return Boolean(row);
}

type OwnerMailKind = "question" | "declined" | "signed" | "paid";

/** One e-mail per owner of the quote's account, each in that owner's language. */
async function mailOwners(
  tx: Executor,
  quote: QuoteRecord,
  publicUrl: string,
  kind: OwnerMailKind,
  content: { text: string | null },
  options: { always: boolean },
  extraVars: (locale: Locale) => Record<string, string> = () => ({}),
) {
  const [account] = await tx.select({ name: accounts.name, notify: accounts.notifyQuoteResponses }).from(accounts).where(eq(accounts.id, quote.accountId));
  if (!account || (!options.always && !account.notify)) return;
  const owners = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, quote.accountId), eq(accountUsers.role, "owner")))
    .orderBy(asc(users.email));
  const customerName = quote.customerSnapshot?.companyName || quote.customerSnapshot?.name || "";
  const appUrl = (locale: Locale) => `${publicUrl}${locale === "nl" ? "/nl" : ""}/app/quotes/mutate/${quote.id}`;
  for (const owner of owners) {
    const locale: Locale = owner.locale === "nl" ? "nl" : "en";
    const t = translator(locale);
    const vars = { number: quote.quoteNumber, title: quote.name, customer: customerName || t("conversation:email.theCustomer"), ...extraVars(locale) };
    const paragraphs = [t(`conversation:email.owner.${kind}.body`, vars)];
    if (content.text)
      paragraphs.push(kind === "question" ? t("conversation:email.owner.questionLabel") : t("conversation:email.owner.reasonLabel"), content.text);
    else if (kind === "declined") paragraphs.push(t("conversation:email.owner.noReason"));
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t(`conversation:email.owner.${kind}.subject`, vars),
      heading: t(`conversation:email.owner.${kind}.heading`, vars),
      paragraphs,
      button: { label: t(`conversation:email.owner.${kind}.button`), url: appUrl(locale) },
      note: kind === "signed" || kind === "declined" ? t("conversation:email.owner.switchNote") : undefined,
      footer: t("conversation:email.footer"),
    });
    await enqueue(tx, sendMailJob, { to: owner.email, subject: t(`conversation:email.owner.${kind}.subject`, vars), html, text });
  }
}
