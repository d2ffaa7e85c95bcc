import { type SQL, and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { accounts, customDomains } from "../../db/schema";
import { entitlementRefusal } from "../billing/entitlements";

/**
 * Which custom domain serves now (decision 060): ACTIVE, and its account's plan includes it (Pro,
 * not expired). Its own module: the event writer and the payment service read it too, and it needs
 * nothing of the domain service (jobs, DNS, mail). One indexed query each.
 */
async function activeDomain(db: Executor, which: SQL | undefined, now: Date): Promise<{ accountId: string; domain: string } | null> {
  const [row] = await db
    .select({
      accountId: customDomains.accountId,
      domain: customDomains.domain,
      subscriptionPlan: accounts.subscriptionPlan,
      subscriptionInterval: accounts.subscriptionInterval,
      expiredAt: accounts.expiredAt,
    })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
    .where(and(which, eq(customDomains.status, "ACTIVE")))
    .limit(1);
  if (!row || entitlementRefusal(row, "customDomain", now) !== null) return null;
  return { accountId: row.accountId, domain: row.domain };
}

/** The account whose domain `host` is, when it may serve now: what Host routing and the TLS "ask" endpoint use. */
export function servingDomain(db: Executor, host: string, now = new Date()): Promise<{ accountId: string; domain: string } | null> {
  return activeDomain(db, eq(customDomains.domain, host), now);
}

/**
 * Where an account's public links point: `https://<its domain>` while it serves, else the main
 * host (PUBLIC_URL). New links, e-mails, canonical links, the PDF, the way back from Mollie and the
 * events' public links use it.
 */
export async function publicBaseUrl(db: Executor, publicUrl: string, accountId: string, now = new Date()): Promise<string> {
  const serving = await activeDomain(db, eq(customDomains.accountId, accountId), now);
  return serving ? `https://${serving.domain}` : publicUrl;
}
