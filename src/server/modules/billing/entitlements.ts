import { eq } from "drizzle-orm";
import { type Feature, type GatedFeature, PLAN_REQUIRED, lowestPlanWith, planIncludes } from "../../../shared/plans";
import { isExpired } from "../../../shared/subscription";
import type { Executor } from "../../db/client";
import { accounts } from "../../db/schema";
import { AppError } from "../../errors";

export { GATED_FEATURES, type GatedFeature } from "../../../shared/plans";

/**
 * THE plan check (decision 021), called by services before they create or publish anything or
 * use a plan feature:
 * - an expired trial or subscription may read everything but create and publish nothing
 *   ("billing:errors.expired");
 * - a feature outside the account's plan is refused ("billing:errors.planRequired", naming the
 *   cheapest plan that has it) with code FORBIDDEN and the extensions
 *   `{ reason: "PLAN_REQUIRED", feature, plan }` — the entitlement refusal the web app answers with
 *   the upgrade prompt (features/billing/entitlement.ts). A running trial has the trial plan's
 *   features (Pro).
 * Published quotes' public links do not call this: they keep working after expiry.
 */
export async function assertEntitled(db: Executor, accountId: string, feature: GatedFeature, now: Date = new Date()): Promise<void> {
  const [account] = await db
    .select({ subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) throw new AppError("FORBIDDEN", "api:accountRequired");
  const refusal = entitlementRefusal(account, feature, now);
  if (refusal) throw refusal;
}

/** The refusal assertEntitled would throw, or null (for screens that only want to know). */
export function entitlementRefusal(
  account: { subscriptionPlan: string; subscriptionInterval: string | null; expiredAt: Date | null },
  feature: Feature,
  now: Date = new Date(),
): AppError | null {
  if (isExpired(account, now)) {
    return new AppError("FORBIDDEN", account.subscriptionInterval ? "billing:errors.subscriptionExpired" : "billing:errors.trialExpired");
  }
  if (!planIncludes(account, feature)) {
    const plan = lowestPlanWith(feature);
    return new AppError("FORBIDDEN", "billing:errors.planRequired", { plan: planLabel(plan), feature }, undefined, { reason: PLAN_REQUIRED, feature, plan });
  }
  return null;
}

const planLabel = (plan: string) => plan.charAt(0) + plan.slice(1).toLowerCase();
