import type { CombinedError } from "urql";
import { FEATURES, type Feature, PLANS, PLAN_REQUIRED, type Plan } from "../../../shared/plans";

/** The server's entitlement refusal (assertEntitled): which feature, and the cheapest plan that has it. */
export type PlanRequired = { feature: Feature; plan: Plan };

/**
 * The entitlement refusal in a GraphQL error, if any: a FORBIDDEN error whose extensions carry
 * `reason: "PLAN_REQUIRED"` (shared/plans.ts), whatever operation it came from.
 */
export function planRequiredIn(error: CombinedError | undefined | null): PlanRequired | null {
  for (const e of error?.graphQLErrors ?? []) {
    const x = e.extensions ?? {};
    if (x.reason !== PLAN_REQUIRED) continue;
    const feature = FEATURES.find((f) => f === x.feature);
    const plan = PLANS.find((p) => p === x.plan);
    if (feature && plan) return { feature, plan };
  }
  return null;
}

type Listener = (refusal: PlanRequired) => void;
const listeners = new Set<Listener>();

/** Called by the GraphQL client for every result (query or mutation) that the entitlement check refused. */
export function reportPlanRequired(refusal: PlanRequired): void {
  for (const listener of listeners) listener(refusal);
}

/** The upgrade dialog's subscription to those reports (one per mounted dialog). */
export function onPlanRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
