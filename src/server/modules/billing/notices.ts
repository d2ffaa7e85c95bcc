import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { formatDate } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import { type Locale, localizePath } from "../../../shared/locales";
import type { Database, Executor } from "../../db/client";
import { accountUsers, accounts, billingNotices, users } from "../../db/schema";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";

/** The trial-ending e-mail goes this long before the trial ends (once per trial). */
export const TRIAL_ENDING_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

type NoticeKind = "renewal-failed" | "trial-ending";
type AccountLike = { id: string; name: string; expiredAt: Date | null };

/**
 * Claims a notice: inserts (account, kind, ref) unless it exists. True only for the one caller
 * that inserted it, so each e-mail is enqueued once however often the event is seen (ten webhook
 * deliveries, two app servers sweeping). Runs in the caller's transaction: the notice and its
 * send-mail job commit together or not at all.
 */
async function claimNotice(tx: Executor, accountId: string, kind: NoticeKind, ref: string): Promise<boolean> {
  const rows = await tx.insert(billingNotices).values({ accountId, kind, ref }).onConflictDoNothing().returning({ ref: billingNotices.ref });
  return rows.length > 0;
}

/** The account's owners with the language they last used the app in. */
async function owners(tx: Executor, accountId: string): Promise<{ email: string; name: string | null; locale: Locale }[]> {
  const rows = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, "owner")));
  return rows.map((r) => ({ email: r.email, name: r.name, locale: r.locale === "nl" ? "nl" : "en" }));
}

async function mailOwners(tx: Executor, publicUrl: string, account: AccountLike, kind: NoticeKind): Promise<void> {
  for (const owner of await owners(tx, account.id)) {
    const t = translator(owner.locale);
    const date = account.expiredAt ? formatDate(account.expiredAt.toISOString().slice(0, 10), owner.locale, "long") : "";
    const key = kind === "renewal-failed" ? "renewalFailed" : "trialEnding";
    const url = `${publicUrl}${localizePath(kind === "renewal-failed" ? "/app/settings/billing" : "/app/settings/billing/update", owner.locale)}`;
    const { html, text } = renderEmail({
      lang: owner.locale,
      preheader: t(`billing:email.${key}.preheader`, { company: account.name, date }),
      heading: t(`billing:email.${key}.heading`, { company: account.name }),
      paragraphs: [
        owner.name ? t("billing:email.greeting", { name: owner.name }) : t("billing:email.greetingNoName"),
        t(`billing:email.${key}.body`, { company: account.name, date }),
      ],
      button: { label: t(`billing:email.${key}.button`), url },
      footer: t("billing:email.footer"),
    });
    await enqueue(tx, sendMailJob, { to: owner.email, subject: t(`billing:email.${key}.subject`, { company: account.name }), html, text });
  }
}

/**
 * A renewal failed (the webhook recorded a failed, cancelled or expired recurring payment): the
 * owners get one e-mail per failed payment, in their language.
 */
export async function notifyRenewalFailed(tx: Executor, config: { publicUrl: string }, account: AccountLike, providerPaymentId: string): Promise<void> {
  if (await claimNotice(tx, account.id, "renewal-failed", providerPaymentId)) await mailOwners(tx, config.publicUrl, account, "renewal-failed");
}

/**
 * Trials that end within TRIAL_ENDING_NOTICE_MS (and have not ended): one e-mail to the owners,
 * once per trial end. Returns how many accounts were told now.
 */
export async function sendTrialEndingNotices(db: Database, publicUrl: string, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNull(accounts.subscriptionInterval), gt(accounts.expiredAt, now), lte(accounts.expiredAt, new Date(now.getTime() + TRIAL_ENDING_NOTICE_MS))))
    .limit(500);
  let told = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, id)).for("update");
      // Still a trial ending soon (a payment may have landed since the look-up)?
      if (!account || account.subscriptionInterval || !account.expiredAt || account.expiredAt <= now) return false;
      if (!(await claimNotice(tx, account.id, "trial-ending", account.expiredAt.toISOString()))) return false;
      await mailOwners(tx, publicUrl, account, "trial-ending");
      return true;
    });
    if (sent) told++;
  }
  return told;
}
