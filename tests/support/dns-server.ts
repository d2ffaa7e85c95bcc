import dns2 from "dns2";

const { Packet } = dns2;

export type DnsZone = {
  /** host → CNAME target */
  cname: Map<string, string>;
  /** name → TXT strings */
  txt: Map<string, string[]>;
  /** host → IPv4 address (A records; e.g. the test domain → 127.0.0.1 for the ACME server's checks) */
  a: Map<string, string>;
};

export type TestDnsServer = { zone: DnsZone; port: number; address: string; queries: string[]; close: () => Promise<void> };

/**
 * A DNS server for tests (dns2, UDP on 127.0.0.1, a free port) answering from a zone the test
 * changes as it goes: CNAME, TXT and A records; NXDOMAIN for names it does not know. The app's
 * checks reach it through DNS_SERVERS=127.0.0.1:<port>.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const zone: DnsZone = { cname: new Map(), txt: new Map(), a: new Map() };
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      // dns2 encodes plain records (its Resource type also names the encoder it adds itself).
      const answer = (record: { name: string; type: number; class: number; ttl: number; domain?: string; data?: string; address?: string }) =>
        response.answers.push(record as (typeof response.answers)[number]);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, "");
      const type = (question as { type?: number }).type;
      queries.push(`${type}:${name}`);
      const known = zone.cname.has(name) || zone.txt.has(name) || zone.a.has(name);
      if (type === Packet.TYPE.CNAME && zone.cname.has(name)) {
        answer({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: zone.cname.get(name) });
      } else if (type === Packet.TYPE.TXT && zone.txt.has(name)) {
        for (const data of zone.txt.get(name) ?? []) answer({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data });
      } else if (type === Packet.TYPE.A && zone.a.has(name)) {
        answer({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address: zone.a.get(name) });
      } else if (!known) {
        (response.header as { rcode?: number }).rcode = 3; // NXDOMAIN
      }
      send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.once("listening", () => resolve()));
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number; address: string } };
  return { zone, queries, port: udp.port, address: `127.0.0.1:${udp.port}`, close: () => server.close() };
}
