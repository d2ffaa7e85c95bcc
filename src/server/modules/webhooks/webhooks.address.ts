/**
 * Where a webhook may go (decision 048). At delivery time the host is resolved, every address it
 * resolves to is checked, and the request connects to the address that was checked (the `lookup`
 * handed to node:http returns it), so a DNS answer that changes between the check and the
 * connection (DNS rebinding) cannot reach the server's own network.
 */
import dns from "node:dns/promises";
import net from "node:net";
import { deliveryError } from "../../../shared/delivery-errors";

/**
 * Addresses a webhook may never reach: loopback, private, link-local, unique-local, CGNAT, cloud
 * metadata, multicast, reserved and documentation ranges, and IPv6 forms that embed an IPv4
 * address a router may translate (NAT64, 6to4, Teredo). IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) are checked as their IPv4 address (node's BlockList does that).
 */
const FORBIDDEN: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"], // "this network"
  ["10.0.0.0", 8, "ipv4"], // private
  ["100.64.0.0", 10, "ipv4"], // CGNAT (and Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8, "ipv4"], // loopback
  ["169.254.0.0", 16, "ipv4"], // link-local (AWS, GCP, Azure, OpenStack metadata 169.254.169.254)
  ["172.16.0.0", 12, "ipv4"], // private
  ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
  ["192.0.2.0", 24, "ipv4"], // documentation
  ["192.88.99.0", 24, "ipv4"], // 6to4 relay
  ["192.168.0.0", 16, "ipv4"], // private
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["198.51.100.0", 24, "ipv4"], // documentation
  ["203.0.113.0", 24, "ipv4"], // documentation
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved, broadcast
  ["168.63.129.16", 32, "ipv4"], // Azure's platform endpoint (wire server)
  ["::", 128, "ipv6"], // unspecified
  ["::1", 128, "ipv6"], // loopback
  ["::", 96, "ipv6"], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96, "ipv6"], // NAT64
  ["64:ff9b:1::", 48, "ipv6"], // local NAT64
  ["100::", 64, "ipv6"], // discard
  ["2001::", 32, "ipv6"], // Teredo
  ["2001:db8::", 32, "ipv6"], // documentation
  ["2002::", 16, "ipv6"], // 6to4
  ["fc00::", 7, "ipv6"], // unique-local (incl. AWS metadata fd00:ec2::254)
  ["fe80::", 10, "ipv6"], // link-local
  ["fec0::", 10, "ipv6"], // site-local (deprecated)
  ["ff00::", 8, "ipv6"], // multicast
];

const forbidden = new net.BlockList();
for (const [address, prefix, type] of FORBIDDEN) forbidden.addSubnet(address, prefix, type);

/** Whether an IP address (v4 or v6, IPv4-mapped included) is one a webhook may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why a URL may not be called; the message is what the delivery log shows. */
export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

export type CheckedAddress = { address: string; family: 4 | 6 };

/** The URL's host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The URL's rules that need no DNS: https (http only with WEBHOOK_ALLOW_PRIVATE), and a host that
 * is not a forbidden IP literal or a local name. The service checks this when an endpoint is saved;
 * delivery checks it again with the resolved address.
 */
export function checkWebhookUrl(value: string, allowPrivate: boolean): URL {
  const url = new URL(value);
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw new WebhookAddressError(deliveryError.onlyHttps());
  if (allowPrivate) return url;
  const host = bareHost(url).toLowerCase();
  if (net.isIP(host) && isForbiddenAddress(host)) throw new WebhookAddressError(deliveryError.addressRefused({ host }));
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
    throw new WebhookAddressError(deliveryError.hostNotPublic({ host }));
  }
  return url;
}

/**
 * Resolves the URL's host for one delivery and checks every address it resolves to. Returns the
 * first, which the request then connects to (so the check and the connection see the same address).
 */
export async function resolveWebhookAddress(url: URL, allowPrivate: boolean, lookup: typeof dns.lookup = dns.lookup): Promise<CheckedAddress> {
  checkWebhookUrl(url.toString(), allowPrivate);
  const host = bareHost(url);
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new WebhookAddressError(deliveryError.hostUnresolved({ host }));
  if (!allowPrivate) {
    const refused = addresses.find((a) => isForbiddenAddress(a.address));
    if (refused) throw new WebhookAddressError(deliveryError.hostResolvesRefused({ host, address: refused.address }));
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for node:http/https that answers every name with the checked address. */
export function pinnedLookup(checked: CheckedAddress): net.LookupFunction {
  return ((_hostname: string, options: { all?: boolean } | number, callback: (...args: unknown[]) => void) => {
    const cb = typeof options === "function" ? (options as unknown as typeof callback) : callback;
    if (typeof options === "object" && options?.all) cb(null, [{ address: checked.address, family: checked.family }]);
    else cb(null, checked.address, checked.family);
  }) as unknown as net.LookupFunction;
}
