import { CombinedError } from "urql";
import { describe, expect, it } from "vitest";
import { onPlanRequired, planRequiredIn, reportPlanRequired } from "./entitlement";

const refusal = (extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [{ message: "This needs the Basic plan (or higher).", extensions }] });

describe("the entitlement refusal on the web", () => {
  it("finds the server's PLAN_REQUIRED refusal in any error, and nothing else", () => {
    expect(planRequiredIn(refusal({ code: "FORBIDDEN", reason: "PLAN_REQUIRED", feature: "signing", plan: "BASIC" }))).toEqual({
      feature: "signing",
      plan: "BASIC",
    });
    expect(planRequiredIn(refusal({ code: "FORBIDDEN" }))).toBeNull();
    expect(planRequiredIn(refusal({ code: "FORBIDDEN", reason: "PLAN_REQUIRED", feature: "nonsense", plan: "BASIC" }))).toBeNull();
    expect(planRequiredIn(refusal({ code: "FORBIDDEN", reason: "PLAN_REQUIRED", feature: "styling", plan: "GOLD" }))).toBeNull();
    expect(planRequiredIn(undefined)).toBeNull();
  });

  it("tells every listening dialog, until it stops listening", () => {
    const seen: string[] = [];
    const stop = onPlanRequired((r) => seen.push(r.feature));
    reportPlanRequired({ feature: "styling", plan: "BASIC" });
    stop();
    reportPlanRequired({ feature: "signing", plan: "BASIC" });
    expect(seen).toEqual(["styling"]);
  });
});
