import { Hono } from "hono";
import { formatCents } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { AuthState } from "../../graphql/context";
import type { Logger } from "../../logger";
import { hitRateLimit } from "../../http/rate-limit";
import { devPaymentProvider } from "../../payments";
import { getInvoice, processPaymentWebhook } from "./billing.service";
import { renderInvoiceHtml } from "./invoice-document";

type Deps = { db: Database; config: Config; log: Logger };

/**
 * Mollie webhook limits. Mollie calls from a few addresses of its own and retries any delivery
 * that does not answer 2xx (up to ten times over about a day: docs.mollie.com/overview/webhooks,
 * decision 022), so a refused delivery is delayed, not lost. 60 a minute per address (the shared
 * counter in the database, http/rate-limit.ts) is far above what a real account sends and bounds
 * the outbound API calls a flood of forged ids can cause to one a second per address.
 */
export const WEBHOOK_LIMITS = { perAddressPerWindow: 60, windowSeconds: 60 };

/**
 * POST /api/webhooks/mollie — Mollie's webhook: a form body `id=tr_…`, unsigned. Only the id is
 * trusted: the payment is fetched from the provider before anything changes. 200 for every id
 * we do not know (Mollie must not retry those, and a prober learns nothing); 500 when processing
 * failed (Mollie retries, up to ten times over hours — our durable retry; decision 022).
 * Rate-limited per client address (429 with Retry-After: Mollie retries it later), and one fetch
 * per payment id at a time on this server: a copy that arrives while the id is being processed
 * waits for that outcome and answers with it instead of calling the provider again.
 */
export function webhookRoutes(deps: Deps & { clientIp?: (request: Request, env: unknown) => string | undefined }) {
  const app = new Hono();
  const inFlight = new Map<string, Promise<string>>();
  app.post("/mollie", async (c) => {
    const address = deps.clientIp?.(c.req.raw, c.env);
    // In-process calls (tests, the dev checkout) have no address and no limit.
    if (address) {
      const hit = await hitRateLimit(deps.db, `webhook:mollie:${address}`, WEBHOOK_LIMITS.perAddressPerWindow, WEBHOOK_LIMITS.windowSeconds);
      if (!hit.allowed) return c.text("", 429, { "Retry-After": String(Math.max(1, hit.retryAfterSeconds)) });
    }
    let id = "";
    try {
      const body = await c.req.parseBody();
      id = typeof body.id === "string" ? body.id.trim() : "";
    } catch {
      return c.text("", 200);
    }
    let running = inFlight.get(id);
    if (!running) {
      running = processPaymentWebhook(deps.db, deps.config, id, deps.log).finally(() => inFlight.delete(id));
      inFlight.set(id, running);
    }
    try {
      const outcome = await running;
      deps.log.info({ outcome }, "payment webhook");
    } catch (error) {
      deps.log.error({ err: error }, "payment webhook failed");
      return c.text("", 500);
    }
    return c.text("", 200);
  });
  return app;
}

/**
 * GET /api/billing/invoices/<id>?account=<accountId>[&format=pdf] — an invoice of the account,
 * for its owner or an admin (a link the browser opens: the session cookie identifies the user,
 * the query names the account, membership and role are checked like the Account header).
 */
export function invoiceRoutes(deps: Deps & { authenticate: (request: Request, db: Database) => Promise<AuthState> }) {
  const app = new Hono();
  app.get("/:id", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set("account", c.req.query("account") ?? "");
    const auth = await deps.authenticate(new Request(c.req.url, { headers }), deps.db);
    const notFound = () => c.json({ error: { code: "not-found", message: translator("en")("billing:errors.invoiceNotFound") } }, 404);
    if (!auth.user) return c.json({ error: { code: "unauthenticated" } }, 401);
    if (!auth.account || (auth.account.role !== "owner" && auth.account.role !== "admin")) return notFound();
    const invoice = await getInvoice(deps.db, auth.account.id, c.req.param("id"));
    if (!invoice) return notFound();
    c.header("Cache-Control", "private, no-store");
    if (c.req.query("format") === "pdf") {
      // Made in the PDF worker thread (decision 070); the pool is loaded on first use (start-up time).
      const { renderInvoicePdfInWorker } = await import("../../pdf/render-pool");
      const { pdf } = await renderInvoicePdfInWorker(invoice);
      return c.body(pdf, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      });
    }
    return c.html(renderInvoiceHtml(invoice));
  });
  return app;
}

/**
 * /dev/checkout/<id> — the development provider's checkout page (only when it is the active
 * provider). The choice settles the payment in the provider's table and then runs the very
 * handler Mollie's webhook call runs, before redirecting back like Mollie does.
 */
export function devCheckoutRoutes(deps: Deps) {
  const app = new Hono();
  const page = (locale: "en" | "nl", body: string, status: 200 | 404 = 200) => {
    const t = translator(locale);
    return new Response(
      `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("billing:checkout.title")}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1rem}button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;border:1px solid #94a3b8;background:#fff;cursor:pointer}button[value=paid]{background:#0f766e;color:#fff;border-color:#0f766e}</style></head>` +
        `<body><h1>${t("billing:checkout.title")}</h1>${body}</body></html>`,
      { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } },
    );
  };
  const localeOf = (c: { req: { query: (k: string) => string | undefined } }) => (c.req.query("lang") === "nl" ? "nl" : "en");

  app.get("/:id", async (c) => {
    const provider = devPaymentProvider(deps.config, deps.db);
    const locale = localeOf(c);
    const t = translator(locale);
    const payment = await provider?.peek(c.req.param("id"));
    if (!provider || !payment || payment.status !== "open") return page(locale, `<p>${t("billing:checkout.unknown")}</p>`, 404);
    const buttons = (["paid", "failed", "canceled"] as const)
      .map((s) => `<button type="submit" name="status" value="${s}" data-testid="dev-checkout-${s}">${t(`billing:checkout.${s}`)}</button>`)
      .join("");
    return page(
      locale,
      `<p>${t("billing:checkout.body")}</p><p data-testid="dev-checkout-amount">${t("billing:checkout.amount", { amount: formatCents(payment.amountCents, "EUR", locale) })}</p>` +
        `<form method="post">${buttons}</form>`,
    );
  });

  app.post("/:id", async (c) => {
    const provider = devPaymentProvider(deps.config, deps.db);
    const origin = c.req.header("origin");
    if (!provider || (origin && origin !== new URL(deps.config.publicUrl).origin)) return c.text("Not found", 404);
    const body = await c.req.parseBody();
    const status = body.status === "paid" || body.status === "failed" || body.status === "canceled" ? body.status : null;
    const id = c.req.param("id");
    if (!status || !(await provider.settle(id, status))) return page(localeOf(c), `<p>${translator(localeOf(c))("billing:checkout.unknown")}</p>`, 404);
    // The same handler Mollie's webhook call runs.
    await processPaymentWebhook(deps.db, deps.config, id, deps.log);
    return c.redirect((await provider.redirectUrlOf(id)) ?? `${deps.config.publicUrl}/app/settings/billing`, 303);
  });
  return app;
}
