import type { z } from "zod";
import type { PdfSealConfig } from "../config";
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

export type JobDefinition<S extends z.ZodType = z.ZodType, N extends string = string> = {
  name: N;
  schema: S;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
  retry: RetryPolicy;
};

/** A handler that throws this fails at once: retrying cannot help (bad payload, gone for good). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

const JOB_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const registry = new Map<string, JobDefinition>();

/**
 * Declares a kind of background work. The payload is checked with the schema when the job is
 * enqueued and again when it runs (it may have waited across a deploy). Handlers must be safe to
 * run twice (a worker that dies mid-job leaves it to be retried): make the effect idempotent.
 */
export function defineJob<N extends string, S extends z.ZodType>(
  name: N,
  schema: S,
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>,
  retry: Partial<RetryPolicy> = {},
): JobDefinition<S, N> {
  if (!JOB_NAME.test(name)) throw new Error(`Invalid job name "${name}": lower-case letters, digits and dashes`);
  if (registry.has(name)) throw new Error(`A job named "${name}" is already defined`);
  const definition: JobDefinition<S, N> = { name, schema, handler, retry: { ...DEFAULT_RETRY, ...retry } };
  if (definition.retry.maxAttempts < 1) throw new Error("maxAttempts must be at least 1");
  registry.set(name, definition as unknown as JobDefinition);
  return definition;
}

export function jobDefinition(name: string): JobDefinition | undefined {
  return registry.get(name);
}

/** Wait before attempt `attempt + 1` after `attempt` failed: backoff · 2^(attempt−1), capped. */
export function retryDelayMs(retry: RetryPolicy, attempt: number): number {
  return Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** Math.max(0, attempt - 1));
}
