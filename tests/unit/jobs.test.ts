import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appJobs } from "../../src/server/jobs";
import type { JobDefinition } from "../../src/server/jobs/define";

/**
 * A job is a definition (`<module>.jobs.ts`: name, schema, retry), which services import to queue
 * it, and a handler, which the worker's list (src/server/jobs/handlers.ts) binds to it. A
 * definition whose handler is missing from the list would be queued and never run.
 */
const root = path.resolve(import.meta.dirname, "../..");
const server = path.join(root, "src/server");

function filesDefiningJobs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesDefiningJobs(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || full === path.join(server, "jobs/define.ts")) return [];
    return /\bdefineJob\(/.test(fs.readFileSync(full, "utf8")) ? [full] : [];
  });
}

const isDefinition = (value: unknown): value is JobDefinition =>
  typeof value === "object" && value !== null && typeof (value as JobDefinition).name === "string" && "schema" in value && "retry" in value;

describe("background jobs", () => {
  it("every job definition in src/server has its handler in the worker's list, once", { timeout: 30_000 }, async () => {
    const files = filesDefiningJobs(server);
    expect(files.length).toBeGreaterThanOrEqual(7);
    const defined: string[] = [];
    for (const file of files) {
      const exports: Record<string, unknown> = await import(file);
      for (const value of Object.values(exports)) if (isDefinition(value) && !("handler" in value)) defined.push(value.name);
    }
    const handled = appJobs.map((job) => job.name);
    expect(new Set(handled).size).toBe(handled.length);
    expect([...handled].sort()).toEqual([...defined].sort());
  });

  it("keeps the names already stored in the jobs table (a renamed job would strand the queued ones)", () => {
    expect(appJobs.map((job) => job.name).sort()).toEqual(
      [
        "billing-reminders",
        "delete-files",
        "deliver-webhook",
        "quote-expired",
        "render-quote-pdf",
        "send-docusign-envelope",
        "send-mail",
        "send-quote-reminder",
        "statistics-retention",
        "sweep-images",
        "webhook-log-retention",
        "verify-custom-domain",
      ].sort(),
    );
  });

  it("binds each handler to its own definition's schema and retry policy", () => {
    for (const job of appJobs) {
      expect(typeof job.handler).toBe("function");
      expect(job.retry.maxAttempts).toBeGreaterThanOrEqual(1);
    }
    const pdf = appJobs.find((job) => job.name === "render-quote-pdf")!;
    expect(pdf.retry).toEqual({ maxAttempts: 4, backoffMs: 10_000, maxBackoffMs: 10 * 60_000 });
    const mail = appJobs.find((job) => job.name === "send-mail")!;
    expect(mail.retry.maxAttempts).toBe(8);
    expect(mail.schema.safeParse({ to: "a@example.test", subject: "s", text: "t", html: "h" }).success).toBe(true);
  });
});
