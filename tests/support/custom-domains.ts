import { eq } from "drizzle-orm";
import type { Executor } from "../../src/server/db/client";
import { accounts, customDomains } from "../../src/server/db/schema";

/**
 * An account on Pro (paid for a year) whose custom domain is ACTIVE: its public links point there
 * (decision 060), without the DNS checks (tests/integration/custom-domains.test.ts does those).
 */
export async function serveCustomDomain(db: Executor, accountId: string, domain: string): Promise<void> {
  await db
    .update(accounts)
    .set({ subscriptionPlan: "PRO", subscriptionInterval: "YEARLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(accounts.id, accountId));
  await db.insert(customDomains).values({ accountId, domain, token: "t0k3n", status: "ACTIVE", verifiedAt: new Date() });
}
