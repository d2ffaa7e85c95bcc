import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPdfSeal } from "../../src/server/pdf/seal";
import { type SignedIn, requestLink, sessionCookieFrom, signUp, uniqueEmail, verifyLink } from "../support/auth";
import { PAY } from "../support/billing";
import { type MollieStub, startMollieStub } from "../support/mollie-stub";
import { type TestOidcProvider, startOidcProvider } from "../support/oidc";
import { type ProductionServer, builtExternals, startProductionServer } from "../support/production";
import { createCustomer, createQuote, transition } from "../support/quotes";
import { type TestS3, startTestS3 } from "../support/s3";
import { freePort } from "../support/server";
import { type ReceivedMail, startSmtpServer } from "../support/smtp";

/**
 * The production build (build/server/main.js, as `npm start` runs it) with each real adapter
 * switched on against its local protocol server, one real operation walked through each
 * (decision 043). The tests from the TypeScript source run the adapters through vitest's module
 * loader; the bundle loads them with require() and esbuild's interop, which once gave Mollie's
 * client `default` = the exports object (`mollie.default is not a function`).
 *
 * Every package the bundle loads from node_modules on first use (build/server/externals.json,
 * written by scripts/build-server.mjs) must be named here with the walk that loads it, and the
 * last test checks that the servers really loaded it: a new lazily loaded adapter fails this file
 * until a walk through the production build exercises it.
 */
const FIRST_USE_WALKS: Record<string, string> = {
  "@mollie/api-client": "Mollie: first payment, paid webhook, renewal",
  "@react-pdf/renderer": "Mollie: the invoice PDF; PDF: a sealed quote PDF",
  "@signpdf/placeholder-pdf-lib": "PDF: a sealed quote PDF",
  "@signpdf/signer-p12": "PDF: a sealed quote PDF",
  "@signpdf/signpdf": "PDF: a sealed quote PDF",
  "node-forge": "PDF: a sealed quote PDF",
  "pdf-lib": "PDF: a sealed quote PDF",
  nodemailer: "SMTP: a sign-in e-mail arrives",
  "@aws-sdk/client-s3": "S3: a logo upload lands in the bucket and is served",
  sharp: "S3: the uploaded logo is decoded, resized and re-encoded",
};

/** What the servers of this file loaded from node_modules (read before each stops). */
const loadedByWalks = new Set<string>();
const loadedAtStart: Set<string>[] = [];
const stopped = new WeakSet<ProductionServer>();
async function stopRecording(server: ProductionServer | undefined) {
  if (!server || stopped.has(server)) return;
  stopped.add(server);
  for (const name of server.loaded()) loadedByWalks.add(name);
  loadedAtStart.push(server.loadedAtStart);
  await server.stop();
}

const BILLING = "{ billing { subscription { plan effectivePlan interval renews } payments { sequenceType status totalCents } invoices { url } } }";
type Billing = {
  subscription: { plan: string; effectivePlan: string; interval: string | null; renews: boolean };
  payments: { sequenceType: string; status: string; totalCents: number }[];
  invoices: { url: string }[];
};

describe("Mollie (the Mollie stub, @mollie/api-client in the bundle)", () => {
  let stub: MollieStub;
  let server: ProductionServer;
  beforeAll(async () => {
    stub = await startMollieStub({ deliver: (url, init) => fetch(url, { ...init, redirect: "manual" }) });
    // The stub's certificate is self-signed: the server (only) accepts it.
    server = await startProductionServer({ MOLLIE_API_KEY: stub.apiKey, MOLLIE_API_URL: stub.url, NODE_TLS_REJECT_UNAUTHORIZED: "0" });
  });
  afterAll(async () => {
    await stopRecording(server);
    await stub?.close();
  });

  it("first payment opens a checkout, the paid webhook turns the account to the plan, a renewal webhook is applied once", async () => {
    const owner = await signUp(server.client, { company: "Studio Mollie" });
    const paid = await server.client.gql<{ createFirstSubscriptionPayment: { status: string; checkoutUrl: string } }>(
      PAY,
      { input: { plan: "BASIC", interval: "MONTHLY" } },
      owner.headers(),
    );
    expect(paid.errors, server.output()).toBeUndefined();
    const { checkoutUrl, status } = paid.data!.createFirstSubscriptionPayment;
    expect(status).toBe("open");
    expect(checkoutUrl).toMatch(new RegExp(`^${stub.url.replace("/v2/", "")}/checkout/tr_\\w+$`));
    const paymentId = checkoutUrl.split("/").pop()!;
    expect(stub.payments.get(paymentId)).toMatchObject({ sequenceType: "first", webhookUrl: `${server.url}/api/webhooks/mollie` });

    expect(await stub.completeCheckout(paymentId, "paid")).toBe(200);
    let billing = (await server.client.gql<{ billing: Billing }>(BILLING, {}, owner.headers())).data!.billing;
    expect(billing.subscription).toEqual({ plan: "BASIC", effectivePlan: "BASIC", interval: "MONTHLY", renews: true });
    expect(billing.payments.map((p) => [p.sequenceType, p.status])).toEqual([["first", "paid"]]);
    expect(stub.subscriptions.size).toBe(1);

    // A renewal: Mollie charges the subscription and calls the webhook twice at once, then again.
    const [subscriptionId] = stub.subscriptions.keys();
    const renewal = await stub.chargeSubscription(subscriptionId, "paid", 2);
    expect(await stub.redeliver(renewal)).toBe(200);
    expect(stub.deliveries.filter((d) => d.id === renewal).map((d) => d.status)).toEqual([200, 200, 200]);
    billing = (await server.client.gql<{ billing: Billing }>(BILLING, {}, owner.headers())).data!.billing;
    expect(billing.payments.map((p) => [p.sequenceType, p.status]).sort()).toEqual([
      ["first", "paid"],
      ["recurring", "paid"],
    ]);
    expect(billing.invoices).toHaveLength(2);

    // The invoice PDF (@react-pdf/renderer, loaded on first use).
    const pdf = await server.client.fetch(`${billing.invoices[0].url}&format=pdf`, { headers: { cookie: owner.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    // The server's log is buffered (decision 066): a stop flushes it, and then nothing may be an error.
    await stopRecording(server);
    expect(server.output()).not.toMatch(/is not a function|"level":50/);
  });
});

describe("SMTP, S3, Google sign-in and the sealed PDF (their local servers, the lazy packages in the bundle)", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let s3: TestS3;
  let oidc: TestOidcProvider;
  let server: ProductionServer;
  beforeAll(async () => {
    [smtp, s3] = await Promise.all([startSmtpServer(), startTestS3()]);
    const port = await freePort();
    oidc = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/google/callback`);
    server = await startProductionServer(
      { SMTP_URL: smtp.url, ...s3.env, OIDC_GOOGLE_CLIENT_ID: oidc.clientId, OIDC_GOOGLE_CLIENT_SECRET: oidc.clientSecret, OIDC_GOOGLE_ISSUER: oidc.issuer },
      { port },
    );
  });
  afterAll(async () => {
    await stopRecording(server);
    await Promise.all([smtp?.stop(), s3?.close(), oidc?.stop()]);
  });

  let owner: SignedIn;

  it("SMTP: a sign-in e-mail arrives, and its link signs the person in", async () => {
    const email = uniqueEmail("smtp");
    const requested = await requestLink(server.client, { email, signUp: { name: "Sam Smtp", companyName: "Studio Smtp" } });
    expect(requested.status).toBe(202);
    let mail: ReceivedMail | undefined;
    for (let waited = 0; !mail && waited < 15_000; waited += 100) {
      mail = smtp.received.find((m) => m.to.includes(email));
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail, server.output()).toBeDefined();
    const token = /\/auth\/email-link\?token=([A-Za-z0-9_-]{20,})/.exec(mail!.decoded)?.[1];
    expect(token).toBeDefined();
    const verified = await verifyLink(server.client, { email, token });
    expect(verified.status).toBe(200);
    const cookie = sessionCookieFrom(verified)!;
    const who = await server.client.gql<{ me: { id: string }; accounts: { items: { id: string }[] } }>(
      "{ me { id } accounts { items { id } } }",
      {},
      { cookie },
    );
    const accountId = who.data!.accounts.items[0].id;
    owner = { cookie, userId: who.data!.me.id, accountId, headers: (id = accountId) => ({ cookie, ...(id ? { account: id } : {}) }) };
  });

  it("S3: a logo upload is processed (sharp), lands in the bucket and is served", async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 200, g: 40, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({ query: "mutation ($file: File!) { updateAccountLogo(file: $file) { fileUrl(version: 1) } }", variables: { file: null } }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.file"] }));
    form.append("0", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const response = await server.client.fetch("/graphql", { method: "POST", headers: { "x-graphql-csrf": "1", ...owner.headers() }, body: form });
    const result = (await response.json()) as { data?: { updateAccountLogo: { fileUrl: string } }; errors?: unknown };
    expect(result.errors, server.output()).toBeUndefined();
    const url = result.data!.updateAccountLogo.fileUrl;
    const key = /^\/files\/(logos\/[A-Za-z0-9_-]+\.png)\?v=1$/.exec(url)?.[1];
    expect(key).toBeDefined();

    // In the bucket (s3rver answers an unsigned GET), and what the app serves is that object.
    const stored = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/png");
    const served = await server.client.fetch(url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(Buffer.from(await stored.arrayBuffer()))).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 800, 400, true]);
  });

  it("Google sign-in (OpenID Connect) completes against the provider", async () => {
    const start = await server.client.fetch("/api/auth/google");
    expect(start.status).toBe(302);
    const authorizationUrl = start.headers.get("location")!;
    expect(authorizationUrl.startsWith(oidc.issuer)).toBe(true);
    const callback = await oidc.completeLogin(authorizationUrl, "gina");
    const signedIn = await server.client.fetch(callback.pathname + callback.search);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/complete-profile");
    const me = await server.client.gql("{ me { email name } }", {}, { cookie: sessionCookieFrom(signedIn)! });
    expect(me.data).toEqual({ me: { email: "gina@example.test", name: "User gina" } });
  });

  it("PDF: a published quote's sealed PDF renders (the job worker, @react-pdf and the signing libraries)", async () => {
    const customer = await createCustomer(server.client, owner);
    const quote = await createQuote(server.client, owner, customer.id);
    const published = await transition(server.client, owner, "publishQuote", quote.id);
    expect(published.errors).toBeUndefined();
    const path = `${new URL(published.data!.publishQuote.url).pathname}/pdf`;
    let pdf: Response | undefined;
    // The first request queues the render job; the page refreshes until the PDF is stored.
    for (let waited = 0; waited < 60_000; waited += 250) {
      const response = await server.client.fetch(path);
      if (response.headers.get("content-type") === "application/pdf") {
        pdf = response;
        break;
      }
      expect(response.status, await response.text()).toBe(202);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(pdf, server.output()).toBeDefined();
    const check = verifyPdfSeal(new Uint8Array(await pdf!.arrayBuffer()));
    expect(check).toMatchObject({ valid: true, coversWholeFile: true });
  });
});

describe("every external the bundle loads", () => {
  it("on first use has a walk above that loaded it; at start is loaded by every start; development only is never loaded", () => {
    const externals = builtExternals();
    const firstUse = Object.keys(externals).filter((name) => externals[name].when === "first use");
    expect(Object.keys(FIRST_USE_WALKS).sort(), "FIRST_USE_WALKS must name exactly the bundle's first-use externals").toEqual(firstUse.sort());
    expect(loadedAtStart.length, "both servers above ran").toBe(2);
    expect(
      firstUse.filter((name) => !loadedByWalks.has(name)),
      "first-use externals no walk loaded",
    ).toEqual([]);
    for (const atStart of loadedAtStart) {
      expect(
        firstUse.filter((name) => atStart.has(name)),
        "first-use externals loaded at start",
      ).toEqual([]);
      const start = Object.keys(externals).filter((name) => externals[name].when === "start" && externals[name].importers.length > 0);
      expect(
        start.filter((name) => !atStart.has(name)),
        "start externals not loaded at start",
      ).toEqual([]);
    }
    const development = Object.keys(externals).filter((name) => externals[name].when === "development");
    expect(development.filter((name) => loadedByWalks.has(name))).toEqual([]);
  });
});
