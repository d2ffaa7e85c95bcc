import { and, eq, sql } from "drizzle-orm";
import { type Locale, localizePath } from "../../../shared/locales";
import { translator } from "../../../shared/i18n/server";
import type { TContactInput, TNewsletterInput } from "../../../shared/marketing/schemas";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { contactMessages, newsletterSubscriptions } from "../../db/schema";
import { hitRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { renderEmail } from "../../mail/layout";
import type { Mailer } from "../../mail/mailer";
import { createLinkToken, hashLinkToken } from "./tokens";

export type MarketingDeps = { db: Database; mail: Mailer; config: Pick<Config, "publicUrl" | "contactEmail">; log: Logger };

/** Limits per client address and per e-mail address (fixed windows, shared by all app servers). */
export const LIMITS = {
  contactPerClient: { limit: 5, windowSeconds: 10 * 60 },
  newsletterPerClient: { limit: 10, windowSeconds: 60 * 60 },
  newsletterPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} as const;
/** A pending subscription gets a new confirmation e-mail at most this often. */
export const CONFIRMATION_RESEND_AFTER_SECONDS = 10 * 60;
/** A confirmation link works for this long. */
export const CONFIRMATION_VALID_DAYS = 7;

export type RateLimited = { ok: false; reason: "rateLimited"; retryAfterSeconds: number };

async function limited(db: Database, key: string, rule: { limit: number; windowSeconds: number }): Promise<RateLimited | null> {
  const hit = await hitRateLimit(db, key, rule.limit, rule.windowSeconds);
  return hit.allowed ? null : { ok: false, reason: "rateLimited", retryAfterSeconds: hit.retryAfterSeconds };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function linkTo(config: MarketingDeps["config"], path: string, locale: Locale, token: string): string {
  return `${config.publicUrl}${localizePath(path, locale)}?token=${token}`;
}

/**
 * Stores a contact message once per form submission (a double submit is the same message) and
 * e-mails it to CONTACT_EMAIL. `clientKey` identifies the sender's address for the rate limit.
 */
export async function submitContactMessage(
  deps: MarketingDeps,
  input: TContactInput,
  options: { locale: Locale; clientKey: string },
): Promise<{ ok: true; stored: boolean } | RateLimited> {
  const { db, mail, config, log } = deps;
  const refused = await limited(db, `contact:client:${options.clientKey}`, LIMITS.contactPerClient);
  if (refused) return refused;
  const [row] = await db
    .insert(contactMessages)
    .values({ submissionId: input.submissionId, name: input.name, email: input.email, message: input.message, locale: options.locale })
    .onConflictDoNothing({ target: contactMessages.submissionId })
    .returning({ id: contactMessages.id });
  if (!row) return { ok: true, stored: false };

  const t = translator("en"); // the team reads contact messages in English
  try {
    await mail.send({
      to: config.contactEmail,
      replyTo: input.email,
      subject: t("marketing:mail.contact.subject", { name: input.name }),
      text: `${t("marketing:mail.contact.intro", { name: input.name, email: input.email, locale: options.locale })}\n\n${input.message}\n`,
      html: `<p>${escapeHtml(t("marketing:mail.contact.intro", { name: input.name, email: input.email, locale: options.locale }))}</p><pre style="white-space:pre-wrap;font:inherit">${escapeHtml(input.message)}</pre>`,
    });
    await db.update(contactMessages).set({ mailedAt: sql`now()` }).where(eq(contactMessages.id, row.id));
  } catch (error) {
    // The message is stored; the team can still read it there. The sender need not retry.
    log.error({ err: error, contactMessageId: row.id }, "contact message could not be e-mailed");
  }
  return { ok: true, stored: true };
}

/**
 * Double opt-in: one row per address. A new (or previously unsubscribed) address gets a
 * confirmation e-mail; a pending one gets a fresh one at most every 10 minutes; a confirmed one
 * nothing. The answer is the same in every case, so the form does not reveal who subscribed.
 */
export async function subscribeToNewsletter(
  deps: MarketingDeps,
  input: TNewsletterInput,
  options: { locale: Locale; clientKey: string },
): Promise<{ ok: true; mailed: boolean } | RateLimited> {
  const { db, mail, config } = deps;
  const refused =
    (await limited(db, `newsletter:client:${options.clientKey}`, LIMITS.newsletterPerClient)) ??
    (await limited(db, `newsletter:email:${hashLinkToken(input.email)}`, LIMITS.newsletterPerEmail));
  if (refused) return refused;

  const { token, hash } = createLinkToken();
  const s = newsletterSubscriptions;
  // One atomic statement: of concurrent subscribes, exactly one inserts (or renews) and mails.
  const [row] = await db
    .insert(s)
    .values({ email: input.email, locale: options.locale, status: "pending", confirmTokenHash: hash, confirmationSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: s.email,
      set: {
        status: "pending",
        locale: options.locale,
        confirmTokenHash: hash,
        unsubscribeTokenHash: null,
        confirmedAt: null,
        unsubscribedAt: null,
        confirmationSentAt: sql`now()`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${s.status} = 'unsubscribed' or (${s.status} = 'pending' and ${s.confirmationSentAt} < now() - make_interval(secs => ${CONFIRMATION_RESEND_AFTER_SECONDS}))`,
    })
    .returning({ id: s.id });
  if (!row) return { ok: true, mailed: false };

  const t = translator(options.locale);
  const link = linkTo(config, "/newsletter/confirm", options.locale, token);
  const { html, text } = renderEmail({
    lang: options.locale,
    preheader: t("marketing:mail.confirm.body"),
    heading: t("marketing:mail.confirm.subject"),
    paragraphs: [t("marketing:mail.confirm.body")],
    button: { label: t("marketing:mail.confirm.button"), url: link },
    note: t("marketing:mail.confirm.ignore"),
    footer: t("auth:email.footer"),
  });
  await mail.send({ to: input.email, subject: t("marketing:mail.confirm.subject"), text, html, logHint: { confirmLink: link } });
  return { ok: true, mailed: true };
}

/** Confirms a pending subscription; mails a welcome with the unsubscribe link. */
export async function confirmNewsletter(deps: MarketingDeps, token: string): Promise<"confirmed" | "invalid"> {
  const { db, mail, config } = deps;
  const s = newsletterSubscriptions;
  const unsubscribe = createLinkToken();
  const [row] = await db
    .update(s)
    .set({ status: "confirmed", confirmedAt: sql`now()`, confirmTokenHash: null, unsubscribeTokenHash: unsubscribe.hash, updatedAt: sql`now()` })
    .where(
      and(
        eq(s.confirmTokenHash, hashLinkToken(token)),
        eq(s.status, "pending"),
        sql`${s.confirmationSentAt} > now() - make_interval(days => ${CONFIRMATION_VALID_DAYS})`,
      ),
    )
    .returning({ email: s.email, locale: s.locale });
  if (!row) return "invalid";
  const locale: Locale = row.locale === "nl" ? "nl" : "en";
  const t = translator(locale);
  const link = linkTo(config, "/newsletter/unsubscribe", locale, unsubscribe.token);
  const { html, text } = renderEmail({
    lang: locale,
    preheader: t("marketing:mail.welcome.body"),
    heading: t("marketing:mail.welcome.subject"),
    paragraphs: [t("marketing:mail.welcome.body"), t("marketing:mail.welcome.unsubscribe")],
    button: { label: t("marketing:mail.welcome.unsubscribeButton"), url: link },
    footer: t("auth:email.footer"),
  });
  await mail.send({ to: row.email, subject: t("marketing:mail.welcome.subject"), text, html, logHint: { unsubscribeLink: link } });
  return "confirmed";
}

/** Unsubscribes; using the link again is harmless and answers the same. */
export async function unsubscribeFromNewsletter(deps: Pick<MarketingDeps, "db">, token: string): Promise<"unsubscribed" | "invalid"> {
  const s = newsletterSubscriptions;
  const [row] = await deps.db
    .update(s)
    .set({ status: "unsubscribed", unsubscribedAt: sql`coalesce(${s.unsubscribedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(s.unsubscribeTokenHash, hashLinkToken(token)))
    .returning({ id: s.id });
  return row ? "unsubscribed" : "invalid";
}
