import path from "node:path";
import { createFileStorage } from "../../src/server/files";
import { type RunnableJob, appJobs, createJobWorker } from "../../src/server/jobs";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import type { TestApp } from "./app";
import type { SignedIn } from "./auth";
import { type OutboxMail, lastMailTo } from "./mail";

/**
 * Runs the app's background jobs that are due (e-mails, file deletions, …) until none is left, as the
 * server's worker would; `only`: just these kinds (the others stay queued).
 */
export async function runJobs(t: TestApp, only: readonly RunnableJob[] = appJobs): Promise<number> {
  const log = createLogger("silent");
  const mail = createMailer({ from: t.config.mailFrom, outboxDir: path.join(t.dataDir, "mail"), log });
  const files = createFileStorage(t.config);
  const worker = createJobWorker({
    deps: {
      db: t.db,
      log,
      mail,
      files,
      publicUrl: t.config.publicUrl,
      pdfSeal: t.config.pdfSeal,
      webhooks: t.config.webhooks,
      docusign: t.config.docusign,
      customDomains: t.config.customDomains,
    },
    jobs: only,
    concurrency: 4,
  });
  let total = 0;
  try {
    for (let ran = await worker.runOnce(); ran > 0; ran = await worker.runOnce()) total += ran;
  } finally {
    mail.close();
    files.close();
  }
  return total;
}

export const TEAM_FIELDS = "id email name role status";

export async function invite(t: TestApp, by: SignedIn, input: { email: string; name?: string | null; role?: string }, headers: Record<string, string> = {}) {
  return t.gql<{ inviteUser: { id: string; email: string; name: string | null; role: string; status: string } }>(
    `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { ${TEAM_FIELDS} } }`,
    { input },
    { ...by.headers(), ...headers },
  );
}

/** The invitation token in an e-mail's link (…/accept-invite?token=…). */
export function invitationToken(mail: OutboxMail): string {
  const match = /\/accept-invite\?token=([A-Za-z0-9_-]{43})/.exec(mail.decoded);
  if (!match) throw new Error("No invitation link in the e-mail");
  return match[1];
}

/** Invites an address, delivers the e-mail and returns the token from it. */
export async function inviteAndGetToken(t: TestApp, by: SignedIn, email: string, role = "MEMBER"): Promise<string> {
  const result = await invite(t, by, { email, role });
  if (result.errors) throw new Error(`invite failed: ${JSON.stringify(result.errors)}`);
  await runJobs(t);
  return invitationToken(lastMailTo(t.dataDir, email));
}

export async function teamOf(t: TestApp, user: SignedIn) {
  const result = await t.gql<{ teamMembers: { id: string; email: string; name: string | null; role: string; status: string }[] }>(
    `{ teamMembers { ${TEAM_FIELDS} } }`,
    {},
    user.headers(),
  );
  return result.data?.teamMembers ?? [];
}
