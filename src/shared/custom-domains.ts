/**
 * Custom domains (issue 25, decision 060): the rules Settings → Domain and the server share. An
 * account on Pro serves its public quotes on a sub-domain of its own (quotes.bureau.nl) once two DNS
 * records are in place: a CNAME to the configured target and a TXT `_offerly.<domain>` with the
 * account's token. Messages are translation keys in the `domains` namespace.
 */
import { getDomain, parse } from "tldts";
import { z } from "zod";

export const CUSTOM_DOMAIN_STATUSES = ["PENDING", "ACTIVE", "INACTIVE"] as const;
/** PENDING: records not seen yet. ACTIVE: serving. INACTIVE: the records went away (checked daily). */
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];

/** One record's state at the last check. */
export const DNS_RECORD_STATES = ["UNCHECKED", "OK", "MISSING", "WRONG", "ERROR"] as const;
export type DnsRecordState = (typeof DNS_RECORD_STATES)[number];

/** The TXT record's name and value for a domain and its token. */
export const txtRecordName = (domain: string) => `_offerly.${domain}`;
export const txtRecordValue = (token: string) => `offerly-verification=${token}`;

/** Checks with back-off while the records are new: 1, 2, 4 … minutes, at most an hour apart, for 72 hours. */
export const VERIFY_BACKOFF = { firstMs: 60_000, maxMs: 60 * 60_000, windowMs: 72 * 60 * 60_000, dailyMs: 24 * 60 * 60_000 } as const;

/**
 * When to check a domain next: a pending domain younger than 72 hours after `checks` checks with
 * back-off (never past the end of the window); anything else once a day.
 */
export function nextCheckDelayMs(domain: { status: CustomDomainStatus; createdAt: Date; checks: number }, now: Date): number {
  if (domain.status === "PENDING") {
    const age = now.getTime() - domain.createdAt.getTime();
    if (age < VERIFY_BACKOFF.windowMs) {
      const backoff = Math.min(VERIFY_BACKOFF.maxMs, VERIFY_BACKOFF.firstMs * 2 ** Math.min(30, Math.max(0, domain.checks)));
      return Math.max(VERIFY_BACKOFF.firstMs, Math.min(backoff, VERIFY_BACKOFF.windowMs - age));
    }
  }
  return VERIFY_BACKOFF.dailyMs;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Normalises what the owner typed: lower case, no scheme, path, port or trailing dot. */
export function normaliseDomain(input: string): string {
  let value = input.trim().toLowerCase();
  value = value.replace(/^[a-z]+:\/\//, "");
  value = value.replace(/[/?#].*$/, "");
  value = value.replace(/:\d+$/, "");
  return value.replace(/\.+$/, "");
}

/** Why a name cannot be a custom domain (a translation key), or null when it can. */
export function domainProblem(domain: string): string | null {
  if (domain.length === 0) return "domains:validation.required";
  if (domain.length > 253) return "domains:validation.tooLong";
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return "domains:validation.invalid";
  const parsed = parse(domain);
  if (parsed.isIp) return "domains:validation.invalid";
  if (!parsed.publicSuffix || /^\d+$/.test(labels[labels.length - 1] ?? "")) return "domains:validation.invalid";
  // A CNAME may not sit at a zone's apex (RFC 1912 §2.4): bureau.nl cannot point elsewhere, quotes.bureau.nl can.
  const registrable = getDomain(domain);
  if (!registrable || registrable === domain) return "domains:validation.apex";
  return null;
}

export const ZAddCustomDomainInput = z.object({
  domain: z
    .string()
    .max(300, { error: "domains:validation.tooLong" })
    .transform(normaliseDomain)
    .superRefine((domain, ctx) => {
      const problem = domainProblem(domain);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type TAddCustomDomainInput = z.input<typeof ZAddCustomDomainInput>;
