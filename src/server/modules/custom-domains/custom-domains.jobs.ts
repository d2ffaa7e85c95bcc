import { z } from "zod";
import { defineJob } from "../../jobs/define";

/**
 * One check of a custom domain's DNS records (decision 060). Each run schedules the next one
 * (back-off for 72 hours, then daily) under the singleton key `custom-domain:<id>:<checks>`, so a
 * retried run never starts a second chain. Handler: custom-domains.job-handlers.ts.
 */
export const verifyCustomDomainJob = defineJob("verify-custom-domain", z.object({ domainId: z.uuid() }), {
  maxAttempts: 5,
  backoffMs: 60_000,
});
