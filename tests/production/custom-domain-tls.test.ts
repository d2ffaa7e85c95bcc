import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caddy, type Pebble, httpsGet, missingTlsTools, startCaddy, startPebble } from "../support/acme";
import { signUp } from "../support/auth";
import { type TestDnsServer, startDnsServer } from "../support/dns-server";
import { type ProductionServer, startProductionServer } from "../support/production";
import { createCustomer, createQuote } from "../support/quotes";
import { freePort } from "../support/server";

/**
 * Custom domains with on-demand TLS on the production build (issue 25, decision 060): Debian's
 * Caddy in front of build/server/main.js, Debian's pebble as the ACME server, and a DNS server the
 * test runs answering for the test domain (the app's record checks and pebble's HTTP-01 look-ups).
 * An account on Pro adds quotes.example.test, the server's own job sees the records, Caddy gets a
 * certificate from pebble for it (asking the app's loopback endpoint first), the customer opens the
 * quote over HTTPS there and signs it, /app there answers 404, and an unknown domain gets no
 * certificate.
 */
const DOMAIN = "quotes.example.test";
const UNKNOWN = "unknown.example.test";
const TARGET = "domains.offerly.test";

let dir: string;
let dns: TestDnsServer;
let server: ProductionServer;
let pebble: Pebble;
let caddy: Caddy;

beforeAll(async () => {
  const missing = missingTlsTools();
  if (missing.length > 0) throw new Error(`Missing ${missing.join(", ")}: run \`apt-get install -y caddy pebble openssl\` (npm test does it when root).`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-tls-"));
  dns = await startDnsServer();
  // Both names point here: the unknown one is refused by the app's answer to Caddy, not by DNS.
  dns.zone.a.set(DOMAIN, "127.0.0.1");
  dns.zone.a.set(UNKNOWN, "127.0.0.1");
  server = await startProductionServer({ DNS_SERVERS: dns.address, CUSTOM_DOMAIN_TARGET: TARGET, DATA_DIR: path.join(dir, "app") });
});
afterAll(async () => {
  await caddy?.stop();
  await pebble?.stop();
  await server?.stop();
  await dns?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a custom domain with on-demand TLS (Caddy + pebble)", () => {
  it("issues a certificate for the active domain only, serves the quote there over HTTPS and lets the customer sign", async () => {
    const client = server.client;
    const owner = await signUp(client, { company: "Bureau TLS" });
    const customer = await createCustomer(client, owner, { name: "Klant" });
    const quote = await createQuote(client, owner, customer.id, { name: "Nieuwe website" });
    const block = await client.gql(
      "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
      {
        q: quote.id,
        i: {
          name: "Werk",
          pricingUnit: "DAY",
          lineItems: [{ name: "Ontwerp", price: "125.00", amount: "8", vatRate: "21", optional: false, selected: true, recurring: false }],
        },
      },
      owner.headers(),
    );
    expect(block.errors, server.output()).toBeUndefined();
    const published = await client.gql<{ publishQuote: { nanoId: string; slug: string } }>(
      "mutation ($id: ID!) { publishQuote(id: $id) { nanoId slug } }",
      { id: quote.id },
      owner.headers(),
    );
    expect(published.errors, server.output()).toBeUndefined();
    const { nanoId, slug } = published.data!.publishQuote;

    // The owner adds the domain (the trial has Pro) and sets the two records.
    const added = await client.gql<{ addCustomDomain: { records: { type: string; name: string; value: string }[] } }>(
      'mutation { addCustomDomain(input: { domain: "quotes.example.test" }) { records { type name value } } }',
      {},
      owner.headers(),
    );
    expect(added.errors, server.output()).toBeUndefined();
    const txt = added.data!.addCustomDomain.records.find((r) => r.type === "TXT")!;
    dns.zone.cname.set(DOMAIN, TARGET);
    dns.zone.txt.set(txt.name, [txt.value]);

    // The server's own verification job sees them (its first check, or the next one after the back-off).
    let status = "";
    for (let i = 0; i < 1_000 && status !== "ACTIVE"; i++) {
      const read = await client.gql<{ customDomain: { status: string } }>("{ customDomain { status } }", {}, owner.headers());
      status = read.data?.customDomain.status ?? "";
      if (status !== "ACTIVE") await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status, server.output()).toBe("ACTIVE");
    expect(dns.queries).toContain(`16:_offerly.${DOMAIN}`);
    const url = await client.gql<{ quote: { url: string } }>("query ($id: ID!) { quote(id: $id) { url } }", { id: quote.id }, owner.headers());
    expect(url.data?.quote.url).toBe(`https://${DOMAIN}/quote/${slug}/${nanoId}`);

    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    pebble = await startPebble(dir, { httpPort, tlsPort: httpsPort, dnsServer: dns.address });
    caddy = await startCaddy(dir, { appUrl: server.url, pebble, httpPort, httpsPort });
    const roots = await pebble.roots();
    const base = `https://127.0.0.1:${httpsPort}`;
    const onDomain = (pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
      httpsGet(`${base}${pathname}`, { ca: roots, servername: DOMAIN, host: DOMAIN, ...init });

    // The first handshake for the name makes Caddy ask the app, then get a certificate from pebble.
    const page = await onDomain(`/quote/${slug}/${nanoId}`).catch((error: Error) => {
      throw new Error(`${error.message}\n--- caddy ---\n${caddy.output()}\n--- pebble ---\n${pebble.output()}`);
    });
    expect(page.status).toBe(200);
    expect(page.peerSubjectAltName).toContain(`DNS:${DOMAIN}`);
    expect(page.peerIssuer).toMatch(/Pebble/i);
    expect(page.body).toContain("Nieuwe website");
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect((await onDomain("/app")).status).toBe(404);
    expect((await onDomain("/internal/domains/allow?domain=quotes.example.test")).status).toBe(404);

    // The customer signs on the custom domain (the page's signing form posts to /graphql there).
    const signed = await onDomain("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", origin: `https://${DOMAIN}` },
      body: JSON.stringify({
        query:
          "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { quoteSignatures { name } } }",
        variables: { nanoId, input: { name: "Klant Tester", signatureKind: "TYPED", signature: "Klant Tester", selection: [], consent: true, version: 1 } },
      }),
    });
    expect(signed.status, signed.body).toBe(200);
    expect(JSON.parse(signed.body).data?.createQuoteSignature.quoteSignatures.map((s: { name: string }) => s.name)).toContain("Klant Tester");

    // An unknown name gets no certificate: the app's answer to Caddy's question is no.
    const refused = await httpsGet(`${base}/quote/${slug}/${nanoId}`, { ca: roots, servername: UNKNOWN, host: UNKNOWN }).then(
      (answer) => `answered ${answer.status}`,
      (error: Error) => `refused: ${error.message}`,
    );
    expect(refused).toMatch(/^refused/);
    expect(
      fs
        .readdirSync(path.join(dir, "caddy-data"), { recursive: true })
        .map(String)
        .some((file) => file.includes(UNKNOWN)),
    ).toBe(false);
  }, 300_000); // the domain's check may wait for the job's second run (2 minutes) on a loaded machine
});
