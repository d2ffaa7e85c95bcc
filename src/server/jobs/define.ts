import type { z } from "zod";
import type { DocuSignConfig, PdfSealConfig, WebhookConfig } from "../config";
import type { Database } from "../db/client";
import type { FileStorage } from "../files/storage";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";

/** What every job handler gets besides its payload: the same adapters a request has. */
export type JobDeps = {
  db: Database;
  log: Logger;
  mail: Mailer;
  files: FileStorage;
  /** The site's public address (PUBLIC_URL), for links in e-mails that jobs write themselves. */
  publicUrl?: string;
  /** config.pdfSeal: the configured sealing certificate, or null for the server's generated one (render-quote-pdf). */
  pdfSeal?: PdfSealConfig | null;
  /** config.webhooks: the key of the endpoint secrets and whether private addresses are allowed (deliver-webhook). */
  webhooks?: WebhookConfig;
  /** config.docusign: the DocuSign app and its addresses (send-docusign-envelope, decision 059). */
  docusign?: DocuSignConfig;
  /** config.customDomains: the CNAME target and DNS servers (verify-custom-domain). */
  customDomains?: { target: string; dnsServers: string[] | null };
};

export type JobContext = JobDeps & {
  job: { id: string; name: string; attempt: number; maxAttempts: number };
};

export type RetryPolicy = {
  /** Attempts in all, the first included (default 5). */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further one (default 30 s). */
  backoffMs: number;
  /** Never wait longer than this between attempts (default 1 hour). */
  maxBackoffMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, backoffMs: 30_000, maxBackoffMs: 60 * 60_000 };

/**
 * A kind of background work as the code that queues it sees it: its name, payload schema and
 * retry policy, and no handler. A definition imports nothing but zod and this file, so a service
 * can import it to enqueue without importing the code that runs the job (that code imports the
 * service: the two would form an import circle).
 */
export type JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string> = {
  readonly name: N;
  readonly schema: S;
  readonly retry: RetryPolicy;
  /**
   * The workers of the queuing process look for it at once instead of at their next poll
   * (jobs/signal.ts): for light, latency-bound work (webhook deliveries). Heavy work (a PDF render)
   * does not opt in: started the instant it is queued, it would hold the server's event loop while
   * the page that queued it refetches.
   */
  readonly urgent: boolean;
};

export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.output<S>, ctx: JobContext) => Promise<void>;

/** A definition with the code that runs it: what a worker is given (jobs/handlers.ts lists the app's). */
export type RunnableJob<S extends z.ZodType = z.ZodType, N extends string = string> = JobDefinition<S, N> & {
  readonly handler: JobHandler<S>;
};

/** A handler that throws this fails at once: retrying cannot help (bad payload, gone for good). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

/**
 * A handler that throws this is retried after `delayMs` instead of the policy's back-off (a
 * receiver's Retry-After, a schedule with jitter); the attempt count and maxAttempts still apply.
 */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "RetryJobError";
  }
}

const JOB_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const definedNames = new Set<string>();

/**
 * Declares a kind of background work: the name stored in the jobs table (never rename one: jobs
 * already queued under the old name would never run) and the payload schema. The payload is
 * checked with the schema when the job is enqueued and again when it runs (it may have waited
 * across a deploy). Put it in a file of its own (`<module>.jobs.ts`) that imports no service.
 */
export function defineJob<N extends string, S extends z.ZodType>(
  name: N,
  schema: S,
  retry: Partial<RetryPolicy> = {},
  options: { urgent?: boolean } = {},
): JobDefinition<S, N> {
  if (!JOB_NAME.test(name)) throw new Error(`Invalid job name "${name}": lower-case letters, digits and dashes`);
  if (definedNames.has(name)) throw new Error(`A job named "${name}" is already defined`);
  const definition: JobDefinition<S, N> = { name, schema, retry: { ...DEFAULT_RETRY, ...retry }, urgent: options.urgent ?? false };
  if (definition.retry.maxAttempts < 1) throw new Error("maxAttempts must be at least 1");
  definedNames.add(name);
  return definition;
}

/**
 * Binds the code that runs a job to its definition (in `<module>.job-handlers.ts`, which may
 * import services). Handlers must be safe to run twice (a worker that dies mid-job leaves it to
 * be retried): make the effect idempotent.
 */
export function handleJob<N extends string, S extends z.ZodType>(definition: JobDefinition<S, N>, handler: JobHandler<S>): RunnableJob<S, N> {
  return { ...definition, handler };
}

/** Wait before attempt `attempt + 1` after `attempt` failed: backoff · 2^(attempt−1), capped. */
export function retryDelayMs(retry: RetryPolicy, attempt: number): number {
  return Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** Math.max(0, attempt - 1));
}
