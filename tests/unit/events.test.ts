import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventPayloadSchemas } from "../../src/server/events/payloads";
import { EVENT_TYPES } from "../../src/shared/events";

/**
 * Issue 23 (decision 046): src/server/events is the one writer of domain events and of the quote
 * audit trail. A service that inserted into either table itself would bypass the subscribers
 * (webhooks, owner e-mails) or leave an audit row without its event.
 */
const root = path.resolve(import.meta.dirname, "../..");
const server = path.join(root, "src/server");
const eventsDir = path.join(server, "events");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const WRITES = [
  /\.insert\(\s*(quoteAuditEvents|domainEvents)\s*\)/,
  /insert\s+into\s+\$\{\s*(quoteAuditEvents|domainEvents)\s*\}/i,
  /insert\s+into\s+"?(quote_audit_events|domain_events)"?/i,
];

describe("the event writer", () => {
  it("is the only code that inserts into domain_events and quote_audit_events", () => {
    const writers = sourceFiles(server)
      .filter((file) => !file.startsWith(eventsDir + path.sep) && !file.includes(`${path.sep}migrations${path.sep}`))
      .filter((file) => WRITES.some((re) => re.test(fs.readFileSync(file, "utf8"))))
      .map((file) => path.relative(root, file));
    expect(writers).toEqual([]);
  });

  it("would notice a service writing the audit trail itself", () => {
    expect(WRITES.some((re) => re.test("await tx.insert(quoteAuditEvents).values({})"))).toBe(true);
    expect(WRITES.some((re) => re.test(["sql`insert into $", "{quoteAuditEvents} (account_id) select 1`"].join("")))).toBe(true);
  });

  it("has a payload schema for every event type", () => {
    expect(Object.keys(eventPayloadSchemas).sort()).toEqual([...EVENT_TYPES].sort());
  });
});
