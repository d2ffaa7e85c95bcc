import { Resolver } from "node:dns/promises";
import type { DnsRecordState } from "../../../shared/custom-domains";
import { txtRecordName, txtRecordValue } from "../../../shared/custom-domains";

/** What one look at a domain's two records found. */
export type DnsCheck = { cname: DnsRecordState; txt: DnsRecordState };

/**
 * A DNS resolver for the checks (node:dns `Resolver`): the configured servers (DNS_SERVERS, tests
 * point it at their own DNS server) or the system's. A few seconds per query, two tries.
 */
export function createDnsResolver(servers: string[] | null): Resolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/** No such name, or no record of that type: the record is missing. Anything else: the look-up failed. */
const ABSENT = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "NODATA"]);
const stateOfError = (error: unknown): DnsRecordState => (ABSENT.has(String((error as { code?: unknown } | null)?.code ?? "")) ? "MISSING" : "ERROR");

const sameName = (a: string, b: string) => a.replace(/\.$/, "").toLowerCase() === b.replace(/\.$/, "").toLowerCase();

/** Looks up the CNAME (must point at `target`) and `_offerly.<domain>` TXT (must hold the token). */
export async function checkDnsRecords(
  resolver: Pick<Resolver, "resolveCname" | "resolveTxt">,
  domain: string,
  token: string,
  target: string,
): Promise<DnsCheck> {
  const [cname, txt] = await Promise.all([
    resolver
      .resolveCname(domain)
      .then((names): DnsRecordState => (names.length === 0 ? "MISSING" : names.some((name) => sameName(name, target)) ? "OK" : "WRONG"), stateOfError),
    resolver
      .resolveTxt(txtRecordName(domain))
      .then(
        (records): DnsRecordState =>
          records.length === 0 ? "MISSING" : records.some((chunks) => chunks.join("").trim() === txtRecordValue(token)) ? "OK" : "WRONG",
        stateOfError,
      ),
  ]);
  return { cname, txt };
}
