import { and, eq } from "drizzle-orm";
import { type CustomDomainStatus, type TAddCustomDomainInput, ZAddCustomDomainInput, nextCheckDelayMs } from "../../../shared/custom-domains";
import { translator } from "../../../shared/i18n/server";
import { type Locale, localizePath } from "../../../shared/locales";
import type { Database, Executor } from "../../db/client";
import { accountUsers, accounts, customDomains, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { parseInput } from "../../graphql/validation";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";
import { randomToken } from "../../tokens";
import { assertEntitled, entitlementRefusal } from "../billing/entitlements";
import { type DnsCheck, checkDnsRecords, createDnsResolver } from "./dns";
import { verifyCustomDomainJob } from "./custom-domains.jobs";

export { publicBaseUrl, servingDomain } from "./public-base";

export type CustomDomainRow = typeof customDomains.$inferSelect;
export type CustomDomainConfig = { target: string; dnsServers: string[] | null };
type DnsLookup = (domain: string, token: string) => Promise<DnsCheck>;

/** The DNS look-up the configuration asks for (DNS_SERVERS or the system's). */
export function dnsLookupFor(config: CustomDomainConfig): DnsLookup {
  const resolver = createDnsResolver(config.dnsServers);
  return (domain, token) => checkDnsRecords(resolver, domain, token, config.target);
}

/** The account's custom domain, or null (account-scoped). */
export async function getCustomDomain(db: Executor, accountId: string): Promise<CustomDomainRow | null> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Whether the account may use a custom domain now (Pro or a running trial, not expired). */
export async function customDomainAllowed(db: Executor, accountId: string, now = new Date()): Promise<boolean> {
  const [account] = await db
    .select({ subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account !== undefined && entitlementRefusal(account, "customDomain", now) === null;
}

/**
 * Adds the account's custom domain (Pro; one per account; a sub-domain nobody else uses) with a new
 * TXT token, and queues its first check.
 */
export async function addCustomDomain(
  db: Database,
  config: { publicUrl: string; customDomains: CustomDomainConfig },
  accountId: string,
  input: TAddCustomDomainInput,
) {
  const { domain } = parseInput(ZAddCustomDomainInput, input);
  await assertEntitled(db, accountId, "customDomain");
  const ours = [new URL(config.publicUrl).hostname, config.customDomains.target];
  if (ours.some((host) => domain === host || domain.endsWith(`.${host}`)))
    throw new AppError("BAD_USER_INPUT", "domains:errors.ours", {}, { domain: { key: "domains:errors.ours" } });
  return db.transaction(async (tx) => {
    if (await getCustomDomain(tx, accountId)) throw new AppError("CONFLICT", "domains:errors.alreadyAdded");
    const [taken] = await tx.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.domain, domain)).limit(1);
    if (taken) throw new AppError("CONFLICT", "domains:errors.taken", {}, { domain: { key: "domains:errors.taken" } });
    const [row] = await tx.insert(customDomains).values({ accountId, domain, token: randomToken(), nextCheckAt: new Date() }).onConflictDoNothing().returning();
    if (!row) throw new AppError("CONFLICT", "domains:errors.taken", {}, { domain: { key: "domains:errors.taken" } });
    await enqueue(tx, verifyCustomDomainJob, { domainId: row.id }, { singletonKey: `custom-domain:${row.id}:0` });
    return row;
  });
}

/** Removes the account's custom domain: its links fall back to the main host at once. Returns its id. */
export async function removeCustomDomain(db: Executor, accountId: string): Promise<string> {
  const [row] = await db.delete(customDomains).where(eq(customDomains.accountId, accountId)).returning({ id: customDomains.id });
  if (!row) throw notFound();
  return row.id;
}

/** "Check now": looks at the records at once (Pro) and returns the domain as it is afterwards. */
export async function checkCustomDomainNow(
  db: Database,
  config: { publicUrl: string; customDomains: CustomDomainConfig },
  accountId: string,
  lookup?: DnsLookup,
) {
  await assertEntitled(db, accountId, "customDomain");
  const row = await getCustomDomain(db, accountId);
  if (!row) throw notFound();
  const { domain } = await applyDnsCheck(db, config.publicUrl, row, await (lookup ?? dnsLookupFor(config.customDomains))(row.domain, row.token), {
    countsAsScheduled: false,
  });
  return domain;
}

/**
 * Records what a check found: both records → ACTIVE; an ACTIVE domain whose records are gone (not a
 * failed look-up) → INACTIVE, and its owners are told (EN/NL). A scheduled check also counts towards
 * the back-off and sets when the next one runs. Returns the domain and the delay to the next check.
 */
export async function applyDnsCheck(
  db: Database,
  publicUrl: string,
  row: CustomDomainRow,
  found: DnsCheck,
  options: { countsAsScheduled: boolean },
  now = new Date(),
): Promise<{ domain: CustomDomainRow; nextInMs: number | null }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(customDomains).where(eq(customDomains.id, row.id)).for("update");
    if (!current) return { domain: row, nextInMs: null };
    const bothOk = found.cname === "OK" && found.txt === "OK";
    const gone = !bothOk && found.cname !== "ERROR" && found.txt !== "ERROR";
    let status: CustomDomainStatus = current.status as CustomDomainStatus;
    let deactivated = false;
    if (bothOk) status = "ACTIVE";
    else if (status === "ACTIVE" && gone) {
      status = "INACTIVE";
      deactivated = true;
    }
    const checks = current.checks + (options.countsAsScheduled ? 1 : 0);
    const nextInMs = nextCheckDelayMs({ status, createdAt: current.createdAt, checks }, now);
    const [updated] = await tx
      .update(customDomains)
      .set({
        status,
        cnameState: found.cname,
        txtState: found.txt,
        checks,
        lastCheckedAt: now,
        ...(options.countsAsScheduled ? { nextCheckAt: new Date(now.getTime() + nextInMs) } : {}),
        ...(bothOk && current.status !== "ACTIVE" ? { verifiedAt: now, deactivatedAt: null } : {}),
        ...(deactivated ? { deactivatedAt: now } : {}),
      })
      .where(eq(customDomains.id, current.id))
      .returning();
    if (deactivated && updated) await mailOwnersDeactivated(tx, publicUrl, updated);
    return { domain: updated ?? current, nextInMs };
  });
}

/** The scheduled check (the verify-custom-domain job): checks, records, and queues the next one. */
export async function runScheduledCheck(
  db: Database,
  config: { publicUrl: string; customDomains: CustomDomainConfig },
  domainId: string,
  lookup?: DnsLookup,
  now = new Date(),
) {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.id, domainId)).limit(1);
  if (!row) return null; // removed: the chain ends
  const found = await (lookup ?? dnsLookupFor(config.customDomains))(row.domain, row.token);
  const { domain, nextInMs } = await applyDnsCheck(db, config.publicUrl, row, found, { countsAsScheduled: true }, now);
  if (nextInMs !== null) {
    await enqueue(
      db,
      verifyCustomDomainJob,
      { domainId },
      { runAt: new Date(now.getTime() + nextInMs), singletonKey: `custom-domain:${domainId}:${domain.checks}` },
    );
  }
  return domain;
}

async function mailOwnersDeactivated(tx: Executor, publicUrl: string, domain: CustomDomainRow): Promise<void> {
  const owners = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, domain.accountId), eq(accountUsers.role, "owner")));
  for (const owner of owners) {
    const locale: Locale = owner.locale === "nl" ? "nl" : "en";
    const t = translator(locale);
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("domains:email.deactivated.preheader", { domain: domain.domain }),
      heading: t("domains:email.deactivated.heading", { domain: domain.domain }),
      paragraphs: [
        owner.name ? t("domains:email.greeting", { name: owner.name }) : t("domains:email.greetingNoName"),
        t("domains:email.deactivated.body", { domain: domain.domain, publicUrl }),
      ],
      button: { label: t("domains:email.deactivated.button"), url: `${publicUrl}${localizePath("/app/settings/domain", locale)}` },
      footer: t("domains:email.footer"),
    });
    await enqueue(tx, sendMailJob, { to: owner.email, subject: t("domains:email.deactivated.subject", { domain: domain.domain }), html, text });
  }
}
