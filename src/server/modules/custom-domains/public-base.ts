import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { accounts, customDomains } from "../../db/schema";
import { entitlementRefusal } from "../billing/entitlements";

/**
 * Where an account's public links point: `https://<its domain>` while it serves, else the main
 * host (PUBLIC_URL). New links, e-mails, canonical links, the PDF, the way back from
 * Mollie and the events' public links use it. Its own module: the event writer reads it too, and it
 * needs nothing of the domain service (jobs, DNS, mail).
 */
export async function publicBaseUrl(db: Executor, publicUrl: string, accountId: string, now = new Date()): Promise<string> {
  const [row] = await db
    .select({
      domain: customDomains.domain,
      subscriptionPlan: accounts.subscriptionPlan,
      subscriptionInterval: accounts.subscriptionInterval,
      expiredAt: accounts.expiredAt,
    })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
    .where(and(eq(customDomains.accountId, accountId), eq(customDomains.status, "ACTIVE")))
    .limit(1);
  if (!row || entitlementRefusal(row, "customDomain", now) !== null) return publicUrl;
  return `https://${row.domain}`;
}
