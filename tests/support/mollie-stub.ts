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
  description: string;
  webhookUrl?: string;
  metadata: unknown;
  createdAt: string;
  canceledAt?: string;
  _links: Record<string, { href: string; type: string }>;
};

export type Deliver = (url: string, init: RequestInit) => Promise<Response>;

export type MollieStub = Awaited<ReturnType<typeof startMollieStub>>;

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mollie-stub-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
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
  return { key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"), cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8") };
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
  const customers = new Map<string, { resource: "customer"; id: string; name: string; email?: string; metadata: unknown }>();
  const payments = new Map<string, StubPayment>();
  const subscriptions = new Map<string, StubSubscription>();
  const mandates = new Map<string, { resource: "mandate"; id: string; status: "valid"; method: string; customerId: string }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; body: unknown; idempotencyKey?: string }[] = [];
  const deliveries: { id: string; status: number }[] = [];
  /** Faults for the next requests: a status (5xx) or a hang (timeout). */
  const faults: ("500" | "503" | "hang")[] = [];
  const hanging = new Set<import("node:http").ServerResponse>();

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
          description: String(body.description),
          webhookUrl: body.webhookUrl as string | undefined,
          metadata: body.metadata ?? null,
          createdAt: now(),
          _links: {},
        };
        subscription._links = { self: self(`customers/${customer.id}/subscriptions`, subscription.id) };
        subscriptions.set(subscription.id, subscription);
        return { status: 201, body: subscription };
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
        return { status: 200, body: subscription };
      }
    }
    return error(404, "Not Found", "The resource does not exist");
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
      const key = req.headers["idempotency-key"] as string | undefined;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(400, { status: 400, title: "Bad Request", detail: "Invalid JSON" });
      }
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: key });
      if (req.headers.authorization !== `Bearer ${API_KEY}`)
        return send(401, { status: 401, title: "Unauthorized Request", detail: "Missing authentication, or failed to authenticate" });
      const fault = faults.shift();
      if (fault === "hang") {
        hanging.add(res);
        return;
      }
      if (fault) return send(Number(fault), { status: Number(fault), title: "Service Unavailable", detail: "Try again later" }, { "Retry-After": "0" });
      // Mollie: a repeated POST/DELETE with the same Idempotency-Key answers the first answer again.
      const remembered = key && req.method !== "GET" ? idempotent.get(`${req.method} ${url.pathname} ${key}`) : undefined;
      const answer = remembered ?? handle(req.method ?? "GET", url, body);
      if (key && req.method !== "GET" && answer.status < 500) idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
      send(answer.status, answer.body);
    });
  });
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
        _links: {},
      };
      payment._links = { self: self("payments", payment.id) };
      payments.set(payment.id, payment);
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
