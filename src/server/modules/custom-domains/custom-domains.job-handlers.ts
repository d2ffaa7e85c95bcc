import { PermanentJobError, handleJob } from "../../jobs/define";
import { runScheduledCheck } from "./custom-domains.service";
import { verifyCustomDomainJob } from "./custom-domains.jobs";

/** A scheduled check of a custom domain's records (decision 060). */
export const verifyCustomDomainHandler = handleJob(verifyCustomDomainJob, async ({ domainId }, { db, log, job, publicUrl, customDomains }) => {
  if (!publicUrl || !customDomains) throw new PermanentJobError("verify-custom-domain needs publicUrl and customDomains in the job deps");
  const domain = await runScheduledCheck(db, { publicUrl, customDomains }, domainId);
  log.info({ jobId: job.id, domainId, status: domain?.status ?? "removed" }, "verify-custom-domain job done");
});
