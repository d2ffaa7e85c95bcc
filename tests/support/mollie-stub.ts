import { keepIdleSockets } from "./listen";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

/**
 * A local stand-in for the parts of Mollie's v2 API the payments adapter uses, following the
 * published request and response shapes (docs.mollie.com/reference): customers, payments
 * (first and recurring), mandates, subscriptions (create, get, update by PATCH, cancel), idempotency keys, HAL `_links`, error bodies
 * `{ status, title, detail }`. It calls the webhook the way Mollie does — a form POST `id=tr_…`,
 * unsigned — and retries a delivery that does not answer 2xx (Mollie: up to 10 times over 26 hours;
 * here `webhookAttempts` times, at once).
 *
 * HTTPS, because @mollie/api-client always uses an https agent; the certificate is self-signed and
 * made here with openssl, so a test using the stub sets NODE_TLS_REJECT_UNAUTHORIZED=0 for its own
 * process (`trustStub()`).
 */
type Amount = { currency: string; value: string };
type StubPayment = {
  resource: "payment";
  id: string;
  mode: "test";
  status: "open" | "paid" | "failed" | "canceled" | "expired";
  amount: Amount;
  description: string;
  sequenceType: "first" | "recurring" | "oneoff";
  method: unknown;
  customerId?: string;
  mandateId?: string;
  subscriptionId?: string;
  metadata: unknown;
  redirectUrl?: string;
  webhookUrl?: string;
  createdAt: string;
  paidAt?: string;
  /** The owner's own account the payment was made on (Mollie Connect or an owner's API key); absent: the platform's key. */
  owner?: string;
  profileId?: string;
  _links: Record<string, { href: string; type: string }>;
};
type StubSubscription = {
  resource: "subscription";
  id: string;
  mode: "test";
  status: "active" | "canceled";
  customerId: string;
  mandateId?: string;
  amount: Amount;
  interval: string;
  startDate: string;
  /** Mollie: the date of the next charge of an active subscription (absent once canceled). */
  nextPaymentDate?: string;
  timesRemaining?: number | null;
  description: string;
  webhookUrl?: string;
  metadata: unknown;
  createdAt: string;
  canceledAt?: string;
  /** The owner's account it was made on (absent: the platform's key). */
  owner?: string;
  _links: Record<string, { href: string; type: string }>;
};

export type Deliver = (url: string, init: RequestInit) => Promise<Response>;

export type MollieStub = Awaited<ReturnType<typeof startMollieStub>>;

/**
 * The stub's certificate: made once per process (every stub of a test worker shares it) with an
 * elliptic-curve key, which openssl makes at once. An RSA 2048 key per stub (its prime search, in a
 * child process the worker waited for) cost up to 1.8 s a start (decision 044, ninth pass).
 */
let certificate: { key: string; cert: string } | undefined;
function selfSignedCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mollie-stub-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  certificate = { key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"), cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8") };
  fs.rmSync(dir, { recursive: true, force: true });
  return certificate;
}

/** Lets the Mollie client in this process accept the stub's self-signed certificate. */
export function trustStub(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

export async function startMollieStub(options: { deliver: Deliver; webhookAttempts?: number }) {
  const customers = new Map<string, { resource: "customer"; id: string; name: string; email?: string; metadata: unknown; owner?: string }>();
  const payments = new Map<string, StubPayment>();
  const subscriptions = new Map<string, StubSubscription>();
  const mandates = new Map<string, { resource: "mandate"; id: string; status: "valid"; method: string; customerId: string }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; body: unknown; idempotencyKey?: string }[] = [];
  const deliveries: { id: string; status: number }[] = [];
  /** Faults for the next requests: a status (5xx) or a hang (timeout). */
  const faults: ("500" | "503" | "hang")[] = [];
  /** Faults for the next owner requests whose path contains `path` (an owner's own account). */
  const ownerFaults: { path: string; status: number }[] = [];
  const hanging = new Set<import("node:http").ServerResponse>();
  /** Payment look-ups (GET /v2/payments/<id>) held back until released: `holdLookups`. */
  const holds: { prefix: string; waiting: (() => void)[] }[] = [];
  /**
   * Mollie Connect (docs.mollie.com/reference/oauth-api): the app's client id and secret; codes the
   * consent screen handed out (single use, bound to the redirect URI); refresh tokens; and the
   * owners' own credentials the API accepts besides API_KEY: pasted API keys and OAuth access
   * tokens, each with the profile/organisation name it answers `…/me` with.
   */
  const connect = { clientId: `app_${crypto.randomBytes(6).toString("hex")}`, clientSecret: crypto.randomBytes(16).toString("hex") };
  const codes = new Map<string, { redirectUri: string; organization: string }>();
  const refreshTokens = new Map<string, { organization: string; access: string }>();
  const ownerCredentials = new Map<string, { name: string; mode: "test" | "live" }>();
  const tokenRequests: { grantType: string; status: number }[] = [];

  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const now = () => new Date().toISOString();
  let base = "";
  const self = (kind: string, resourceId: string) => ({ href: `${base}/v2/${kind}/${resourceId}`, type: "application/hal+json" });
  const error = (status: number, title: string, detail: string) => ({
    status,
    body: { status, title, detail, _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } } },
  });

  function handle(method: string, url: URL, body: Record<string, unknown>): { status: number; body: unknown } {
    const parts = url.pathname.replace(/^\/v2\//, "").split("/");
    if (method === "POST" && parts[0] === "customers" && parts.length === 1) {
      const customer = {
        resource: "customer" as const,
        id: id("cst"),
        name: String(body.name ?? ""),
        email: body.email as string | undefined,
        metadata: body.metadata ?? null,
        createdAt: now(),
        _links: {},
      };
      customers.set(customer.id, customer);
      return { status: 201, body: { ...customer, _links: { self: self("customers", customer.id) } } };
    }
    if (method === "POST" && parts[0] === "payments" && parts.length === 1) {
      const customerId = body.customerId as string | undefined;
      if (customerId && !customers.has(customerId)) return error(422, "Unprocessable Entity", "The customer does not exist");
      if (!body.amount || !body.description || (!body.redirectUrl && body.sequenceType !== "recurring"))
        return error(422, "Unprocessable Entity", "Missing amount, description or redirectUrl");
      const payment: StubPayment = {
        resource: "payment",
        id: id("tr"),
        mode: "test",
        status: "open",
        amount: body.amount as Amount,
        description: String(body.description),
        sequenceType: (body.sequenceType as StubPayment["sequenceType"]) ?? "oneoff",
        method: body.method ?? null,
        customerId,
        metadata: body.metadata ?? null,
        redirectUrl: body.redirectUrl as string | undefined,
        webhookUrl: body.webhookUrl as string | undefined,
        createdAt: now(),
        _links: {},
      };
      payment._links = { self: self("payments", payment.id), checkout: { href: `${base}/checkout/${payment.id}`, type: "text/html" } };
      payments.set(payment.id, payment);
      return { status: 201, body: payment };
    }
    if (method === "GET" && parts[0] === "payments" && parts.length === 2) {
      const payment = payments.get(parts[1]);
      return payment ? { status: 200, body: payment } : error(404, "Not Found", `No payment exists with token ${parts[1]}.`);
    }
    if (parts[0] === "customers" && parts.length >= 3) {
      const customer = customers.get(parts[1]);
      if (!customer) return error(404, "Not Found", `No customer exists with token ${parts[1]}.`);
      if (method === "GET" && parts[2] === "mandates") {
        const list = [...mandates.values()].filter((m) => m.customerId === customer.id);
        return { status: 200, body: { count: list.length, _embedded: { mandates: list }, _links: { self: self(`customers/${customer.id}`, "mandates") } } };
      }
      if (method === "POST" && parts[2] === "subscriptions" && parts.length === 3) {
        const mandate = body.mandateId ? mandates.get(String(body.mandateId)) : [...mandates.values()].find((m) => m.customerId === customer.id);
        if (!mandate || mandate.customerId !== customer.id) return error(422, "Unprocessable Entity", "The customer does not have a valid mandate");
        if (!/^\d+ (days?|weeks?|months?)$/.test(String(body.interval))) return error(422, "Unprocessable Entity", "The interval is invalid");
        const subscription: StubSubscription = {
          resource: "subscription",
          id: id("sub"),
          mode: "test",
          status: "active",
          customerId: customer.id,
          mandateId: mandate.id,
          amount: body.amount as Amount,
          interval: String(body.interval),
          startDate: String(body.startDate ?? now().slice(0, 10)),
          nextPaymentDate: String(body.startDate ?? now().slice(0, 10)),
          description: String(body.description),
          webhookUrl: body.webhookUrl as string | undefined,
          metadata: body.metadata ?? null,
          createdAt: now(),
          _links: {},
        };
        if (body.startDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(body.startDate)))
          return error(422, "Unprocessable Entity", "The start date is invalid");
        const amount = body.amount as Amount | undefined;
        if (!amount || typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value))
          return error(422, "Unprocessable Entity", "The amount is invalid");
        // Mollie: the description must be unique among the customer's active subscriptions.
        if ([...subscriptions.values()].some((s) => s.customerId === customer.id && s.status === "active" && s.description === String(body.description)))
          return error(422, "Unprocessable Entity", "The description is not unique for this customer");
        subscription._links = { self: self(`customers/${customer.id}/subscriptions`, subscription.id) };
        subscription.owner = customer.owner;
        subscriptions.set(subscription.id, subscription);
        return { status: 201, body: subscription };
      }
      // List subscriptions of a customer (newest first, as Mollie lists them).
      if (method === "GET" && parts[2] === "subscriptions" && parts.length === 3) {
        const list = [...subscriptions.values()].filter((x) => x.customerId === customer.id).reverse();
        return {
          status: 200,
          body: { count: list.length, _embedded: { subscriptions: list }, _links: { self: self(`customers/${customer.id}`, "subscriptions") } },
        };
      }
      if (method === "GET" && parts[2] === "subscriptions" && parts.length === 4) {
        const subscription = subscriptions.get(parts[3]);
        if (!subscription || subscription.customerId !== customer.id) return error(404, "Not Found", `No subscription exists with token ${parts[3]}.`);
        return { status: 200, body: subscription };
      }
      // Update subscription (PATCH): amount, description, interval, startDate, mandateId, metadata,
      // webhookUrl, times — each optional; a canceled subscription cannot be updated (422).
      if (method === "PATCH" && parts[2] === "subscriptions" && parts.length === 4) {
        const subscription = subscriptions.get(parts[3]);
        if (!subscription || subscription.customerId !== customer.id) return error(404, "Not Found", `No subscription exists with token ${parts[3]}.`);
        if (subscription.status === "canceled") return error(422, "Unprocessable Entity", "The subscription has been canceled");
        if (body.interval !== undefined && !/^\d+ (days?|weeks?|months?)$/.test(String(body.interval)))
          return error(422, "Unprocessable Entity", "The interval is invalid");
        if (body.mandateId !== undefined) {
          const mandate = mandates.get(String(body.mandateId));
          if (!mandate || mandate.customerId !== customer.id) return error(422, "Unprocessable Entity", "The mandate does not exist or is not valid");
          subscription.mandateId = mandate.id;
        }
        if (body.amount !== undefined) subscription.amount = body.amount as Amount;
        if (body.interval !== undefined) subscription.interval = String(body.interval);
        if (body.startDate !== undefined) subscription.startDate = String(body.startDate);
        if (body.description !== undefined) subscription.description = String(body.description);
        if (body.metadata !== undefined) subscription.metadata = body.metadata;
        if (body.webhookUrl !== undefined) subscription.webhookUrl = String(body.webhookUrl);
        return { status: 200, body: subscription };
      }
      if (method === "DELETE" && parts[2] === "subscriptions" && parts.length === 4) {
        const subscription = subscriptions.get(parts[3]);
        if (!subscription || subscription.customerId !== customer.id) return error(404, "Not Found", `No subscription exists with token ${parts[3]}.`);
        if (subscription.status === "canceled") return error(422, "Unprocessable Entity", "The subscription has been canceled");
        subscription.status = "canceled";
        subscription.canceledAt = now();
        delete subscription.nextPaymentDate;
        return { status: 200, body: subscription };
      }
    }
    return error(404, "Not Found", "The resource does not exist");
  }

  /**
   * POST /oauth2/tokens (Mollie Connect): HTTP Basic with the app's client id and secret, a form
   * body. `authorization_code` (with the code and the same redirect_uri) or `refresh_token`; the
   * answer `{ access_token, refresh_token, expires_in: 3600, token_type: "bearer", scope }`, or a
   * 400/401 `{ error, error_description }`. A refresh gives a new access and refresh token; the
   * old access token stops working.
   */
  function tokenEndpoint(authorization: string | undefined, form: URLSearchParams): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${connect.clientId}:${connect.clientSecret}`).toString("base64")}`;
    if (authorization !== expected) return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" } };
    const issue = (organization: string) => {
      const access = `access_${crypto.randomBytes(16).toString("hex")}`;
      const refresh = `refresh_${crypto.randomBytes(16).toString("hex")}`;
      ownerCredentials.set(access, { name: organization, mode: "test" });
      refreshTokens.set(refresh, { organization, access });
      return {
        status: 200,
        body: {
          access_token: access,
          refresh_token: refresh,
          expires_in: 3600,
          token_type: "bearer",
          scope: form.get("scope") ?? "payments.read payments.write",
        },
      };
    };
    if (form.get("grant_type") === "authorization_code") {
      const grant = codes.get(form.get("code") ?? "");
      if (!grant || grant.redirectUri !== form.get("redirect_uri"))
        return { status: 400, body: { error: "invalid_grant", error_description: "The authorization code is invalid" } };
      codes.delete(form.get("code") ?? "");
      return issue(grant.organization);
    }
    if (form.get("grant_type") === "refresh_token") {
      const known = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!known) return { status: 400, body: { error: "invalid_grant", error_description: "The refresh token is invalid" } };
      refreshTokens.delete(form.get("refresh_token") ?? "");
      ownerCredentials.delete(known.access);
      return issue(known.organization);
    }
    return { status: 400, body: { error: "unsupported_grant_type", error_description: "Unsupported grant type" } };
  }

  /** An owner's website profile (one per owner here): what OAuth calls name as `profileId`. */
  const profileOf = (ownerName: string) => `pfl_${crypto.createHash("sha256").update(ownerName).digest("hex").slice(0, 10)}`;

  /**
   * Payments on an owner's own account (Mollie Connect access token or the owner's API key),
   * following docs.mollie.com/reference/create-payment and get-payment: with an OAuth access token
   * `profileId` is required (422 without it) and `testmode: true` makes a test payment (a GET of a
   * test payment then needs `?testmode=true`, else 404, as Mollie keeps test and live apart); an API
   * key belongs to one profile and its mode. A payment is visible only to the account that made it.
   * `GET /v2/profiles` lists the owner's profile (OAuth). Null: not an owner route.
   */
  function ownerRequest(
    owner: { name: string; mode: "test" | "live" },
    method: string,
    url: URL,
    body: Record<string, unknown>,
    credential: string,
  ): (() => { status: number; body: unknown }) | null {
    const oauth = !/^(test|live)_/.test(credential);
    const parts = url.pathname.replace(/^\/v2\//, "").split("/");
    if (method === "GET" && parts[0] === "profiles" && parts.length === 1 && oauth) {
      return () => ({
        status: 200,
        body: {
          count: 1,
          _embedded: { profiles: [{ resource: "profile", id: profileOf(owner.name), mode: owner.mode, name: owner.name, status: "verified" }] },
          _links: { self: { href: `${base}/v2/profiles`, type: "application/hal+json" } },
        },
      });
    }
    // Customers, their mandates and subscriptions on the owner's own account (only the owner that made them sees them).
    if (method === "POST" && parts[0] === "customers" && parts.length === 1) {
      return () => {
        const answer = handle(method, url, body);
        const created = answer.body as { id?: string };
        const customer = created.id ? customers.get(created.id) : undefined;
        if (customer) customer.owner = owner.name;
        return answer;
      };
    }
    if (parts[0] === "customers" && parts.length >= 2) {
      return () => {
        const customer = customers.get(parts[1]);
        if (!customer || customer.owner !== owner.name) return error(404, "Not Found", `No customer exists with token ${parts[1]}.`);
        return handle(method, url, body);
      };
    }
    if (method === "POST" && parts[0] === "payments" && parts.length === 1) {
      return () => {
        const customerId = body.customerId as string | undefined;
        if (customerId && customers.get(customerId)?.owner !== owner.name) return error(422, "Unprocessable Entity", "The customer does not exist");
        if (body.sequenceType === "first" && !customerId) return error(422, "Unprocessable Entity", "A first payment needs a customerId");
        if (oauth && !body.profileId) return error(422, "Unprocessable Entity", "The profile ID is required when using an access token");
        if (oauth && body.profileId !== profileOf(owner.name)) return error(422, "Unprocessable Entity", "The profile does not exist or is not accessible");
        const amount = body.amount as Amount | undefined;
        if (!amount || typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value) || typeof amount.currency !== "string")
          return error(422, "Unprocessable Entity", "The amount is invalid: a string with exactly two decimals");
        if (!body.description || !body.redirectUrl) return error(422, "Unprocessable Entity", "Missing description or redirectUrl");
        const mode = oauth ? (body.testmode === true ? "test" : "live") : owner.mode;
        const payment: StubPayment = {
          resource: "payment",
          id: id("tr"),
          mode: mode as "test",
          status: "open",
          amount,
          description: String(body.description),
          sequenceType: (body.sequenceType as StubPayment["sequenceType"]) ?? "oneoff",
          method: body.method ?? null,
          customerId,
          metadata: body.metadata ?? null,
          redirectUrl: body.redirectUrl as string,
          webhookUrl: body.webhookUrl as string | undefined,
          createdAt: now(),
          owner: owner.name,
          profileId: oauth ? String(body.profileId) : profileOf(owner.name),
          _links: {},
        };
        payment._links = { self: self("payments", payment.id), checkout: { href: `${base}/checkout/${payment.id}`, type: "text/html" } };
        payments.set(payment.id, payment);
        return { status: 201, body: payment };
      };
    }
    if (method === "GET" && parts[0] === "payments" && parts.length === 2) {
      return () => {
        const payment = payments.get(parts[1]);
        const visible = payment && payment.owner === owner.name && (!oauth || (payment.mode === "test") === (url.searchParams.get("testmode") === "true"));
        return visible ? { status: 200, body: payment } : error(404, "Not Found", `No payment exists with token ${parts[1]}.`);
      };
    }
    return null;
  }

  const tls = selfSignedCertificate();
  const server = https.createServer(tls, (req, res) => {
    if (req.url?.startsWith("/checkout/")) {
      hostedCheckout(req, res);
      return;
    }
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "Content-Type": "application/hal+json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === "/oauth2/tokens" && req.method === "POST") {
        const answer = tokenEndpoint(req.headers.authorization, new URLSearchParams(raw));
        tokenRequests.push({ grantType: new URLSearchParams(raw).get("grant_type") ?? "", status: answer.status });
        res.writeHead(answer.status, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(answer.body));
      }
      const key = req.headers["idempotency-key"] as string | undefined;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(400, { status: 400, title: "Bad Request", detail: "Invalid JSON" });
      }
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: key });
      const owner = ownerCredentials.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (owner) {
        const faultAt = ownerFaults.findIndex((f) => url.pathname.includes(f.path));
        if (faultAt >= 0) {
          const [fault] = ownerFaults.splice(faultAt, 1);
          return send(fault.status, { status: fault.status, title: "Service Unavailable", detail: "Try again later" }, { "Retry-After": "0" });
        }
        const ownerAnswer = ownerRequest(owner, req.method ?? "GET", url, body, (req.headers.authorization ?? "").replace(/^Bearer /, ""));
        if (ownerAnswer) {
          const remembered = key && req.method === "POST" ? idempotent.get(`${owner.name} POST ${url.pathname} ${key}`) : undefined;
          const answer = remembered ?? ownerAnswer();
          if (key && req.method === "POST" && answer.status < 500) idempotent.set(`${owner.name} POST ${url.pathname} ${key}`, answer);
          return send(answer.status, answer.body);
        }
      }
      if (owner && req.method === "GET" && (url.pathname === "/v2/profiles/me" || url.pathname === "/v2/organizations/me")) {
        const resource = url.pathname === "/v2/profiles/me" ? "profile" : "organization";
        return send(200, {
          resource,
          id: `${resource === "profile" ? "pfl" : "org"}_${crypto.randomBytes(4).toString("hex")}`,
          mode: owner.mode,
          name: owner.name,
          _links: {},
        });
      }
      if (req.headers.authorization !== `Bearer ${API_KEY}`)
        return send(401, { status: 401, title: "Unauthorized Request", detail: "Missing authentication, or failed to authenticate" });
      const fault = faults.shift();
      if (fault === "hang") {
        hanging.add(res);
        return;
      }
      if (fault) return send(Number(fault), { status: Number(fault), title: "Service Unavailable", detail: "Try again later" }, { "Retry-After": "0" });
      const answerNow = () => {
        // Mollie: a repeated POST/DELETE with the same Idempotency-Key answers the first answer again.
        const remembered = key && req.method !== "GET" ? idempotent.get(`${req.method} ${url.pathname} ${key}`) : undefined;
        const answer = remembered ?? handle(req.method ?? "GET", url, body);
        if (key && req.method !== "GET" && answer.status < 500) idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
        send(answer.status, answer.body);
      };
      const hold = req.method === "GET" ? holds.find((h) => url.pathname.startsWith(`/v2/payments/${h.prefix}`)) : undefined;
      if (hold) hold.waiting.push(answerNow);
      else answerNow();
    });
  });
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  base = `https://127.0.0.1:${address.port}`;

  /** Mollie's webhook call: form POST id=…, retried until 2xx (at most webhookAttempts). */
  async function callWebhook(url: string | undefined, paymentId: string): Promise<number> {
    if (!url) return 0;
    let status = 0;
    for (let attempt = 0; attempt < (options.webhookAttempts ?? 3); attempt++) {
      try {
        const response = await options.deliver(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `id=${encodeURIComponent(paymentId)}`,
        });
        status = response.status;
      } catch {
        status = 0;
      }
      deliveries.push({ id: paymentId, status });
      if (status >= 200 && status < 300) break;
    }
    return status;
  }

  /**
   * The hosted checkout (`_links.checkout`), as in Mollie's test mode: a page with the payment's
   * amount and description where the buyer picks the outcome. Submitting it sets the status, calls
   * the webhook, then sends the buyer to the payment's redirectUrl (303), as Mollie does: the
   * redirect carries no payment id or status, the app reads those from the API.
   */
  function hostedCheckout(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
    const paymentId = new URL(req.url ?? "/", base).pathname.split("/")[2] ?? "";
    const payment = payments.get(paymentId);
    const page = (status: number, body: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie test checkout</title></head><body>${body}</body></html>`);
    };
    if (!payment) return page(404, "<h1>Payment not found</h1>");
    if (req.method === "GET") {
      if (payment.status !== "open") return page(410, "<h1>This payment has been handled</h1>");
      const html = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const outcomes = ["paid", "failed", "canceled", "expired"].map(
        (status) => `<button type="submit" name="status" value="${status}" data-testid="mollie-checkout-${status}">${status}</button>`,
      );
      return page(
        200,
        `<h1>Test payment</h1><p data-testid="mollie-checkout-description">${html(payment.description)}</p><p data-testid="mollie-checkout-amount">${payment.amount.currency} ${payment.amount.value}</p><form method="post">${outcomes.join("")}</form>`,
      );
    }
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", async () => {
      const status = new URLSearchParams(raw).get("status");
      if (req.method !== "POST" || payment.status !== "open" || !(status === "paid" || status === "failed" || status === "canceled" || status === "expired"))
        return page(400, "<h1>Bad request</h1>");
      await stub.completeCheckout(paymentId, status);
      res.writeHead(303, { Location: payment.redirectUrl ?? "/" });
      res.end();
    });
  }

  const stub = {
    url: `${base}/v2/`,
    apiKey: API_KEY,
    /** Mollie Connect: the app's credentials and its endpoints (authorize is Mollie's consent screen, simulated by `consent`). */
    connect: { ...connect, authorizeUrl: `${base}/oauth2/authorize`, tokenUrl: `${base}/oauth2/tokens` },
    tokenRequests,
    /** An owner's own API key (test_ + 30 characters) that the API accepts, answering `profiles/me` with this name. */
    addOwnerApiKey(name: string, mode: "test" | "live" = "test"): string {
      const key = `${mode}_${crypto.randomBytes(15).toString("hex")}`;
      ownerCredentials.set(key, { name, mode });
      return key;
    },
    /**
     * The owner approves on Mollie's consent screen for `authorizeUrl` (what the app redirected to):
     * the redirect back to its redirect_uri with a single-use code and the state, as Mollie sends it.
     */
    consent(authorizeUrl: string, organization = "Studio Noord B.V."): string {
      const asked = new URL(authorizeUrl);
      if (asked.searchParams.get("client_id") !== connect.clientId || asked.searchParams.get("response_type") !== "code")
        throw new Error("not a Mollie Connect authorize URL");
      const redirectUri = asked.searchParams.get("redirect_uri") ?? "";
      const code = `auth_${crypto.randomBytes(12).toString("hex")}`;
      codes.set(code, { redirectUri, organization });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", asked.searchParams.get("state") ?? "");
      return back.toString();
    },
    /** Whether the API accepts this owner credential (a refreshed access token's predecessor no longer is). */
    accepts: (credential: string) => ownerCredentials.has(credential),
    customers,
    payments,
    subscriptions,
    mandates,
    requests,
    deliveries,
    /** The next requests fail: "500"/"503" (answered with Retry-After: 0) or "hang" (never answered). */
    failNext(...next: ("500" | "503" | "hang")[]) {
      faults.push(...next);
    },
    /**
     * Holds back the answers to look-ups of payments whose id starts with `prefix` (they are
     * received and counted in `requests`, answered on release): what a slow Mollie looks like while
     * copies of one webhook arrive. Returns the release.
     */
    holdLookups(prefix: string): () => void {
      const hold = { prefix, waiting: [] as (() => void)[] };
      holds.push(hold);
      return () => {
        holds.splice(holds.indexOf(hold), 1);
        for (const answer of hold.waiting.splice(0)) answer();
      };
    },
    /** The next owner request whose path contains `path` answers `status` (e.g. 503), once per call. */
    failOwnerNext(path: string, status = 503) {
      ownerFaults.push({ path, status });
    },
    /**
     * The buyer finishes the hosted checkout: the payment's status changes, then the webhook is
     * called — `copies` times at once when given (Mollie may deliver one event more than once).
     */
    async completeCheckout(paymentId: string, status: "paid" | "failed" | "canceled" | "expired", copies = 1) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
      if (status === "paid") {
        payment.paidAt = now();
        if (payment.sequenceType === "first" && payment.customerId) {
          const mandate = { resource: "mandate" as const, id: id("mdt"), status: "valid" as const, method: "creditcard", customerId: payment.customerId };
          mandates.set(mandate.id, mandate);
          payment.mandateId = mandate.id;
        }
      }
      const statuses = await Promise.all(Array.from({ length: copies }, () => callWebhook(payment.webhookUrl, paymentId)));
      return statuses[0];
    },
    /** Mollie charges a subscription at its interval: a recurring payment, then the webhook (`copies` times at once). */
    async chargeSubscription(subscriptionId: string, status: "paid" | "failed", copies = 1) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription?.status !== "active") throw new Error(`no active subscription ${subscriptionId}`);
      const payment: StubPayment = {
        resource: "payment",
        id: id("tr"),
        mode: "test",
        status,
        amount: subscription.amount,
        description: subscription.description,
        sequenceType: "recurring",
        method: "creditcard",
        customerId: subscription.customerId,
        mandateId: subscription.mandateId,
        subscriptionId,
        metadata: subscription.metadata,
        webhookUrl: subscription.webhookUrl,
        createdAt: now(),
        owner: subscription.owner,
        ...(status === "paid" ? { paidAt: now() } : {}),
        _links: {},
      };
      payment._links = { self: self("payments", payment.id) };
      payments.set(payment.id, payment);
      // The next charge moves one interval on (Mollie: "N months" / "N weeks" / "N days").
      const [count, unit] = subscription.interval.split(" ");
      const next = new Date(`${subscription.nextPaymentDate ?? subscription.startDate}T00:00:00Z`);
      if (unit.startsWith("month")) next.setUTCMonth(next.getUTCMonth() + Number(count));
      else next.setUTCDate(next.getUTCDate() + Number(count) * (unit.startsWith("week") ? 7 : 1));
      subscription.nextPaymentDate = next.toISOString().slice(0, 10);
      await Promise.all(Array.from({ length: copies }, () => callWebhook(subscription.webhookUrl, payment.id)));
      return payment.id;
    },
    /** Calls the webhook again for a payment (a retry or a replay). */
    redeliver: (paymentId: string) => callWebhook(payments.get(paymentId)?.webhookUrl, paymentId),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}

const API_KEY = "test_offerlyStubKey0000000000000000";
