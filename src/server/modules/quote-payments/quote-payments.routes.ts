import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { localizePath, splitLocalePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema";
import { AppError } from "../../errors";
import { hitRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { WEBHOOK_LIMITS } from "../billing/billing.routes";
import { pdfContentDisposition } from "../public-quote/quote-pdf.routes";
import { latestQuoteInvoice } from "./deposit-invoice";
import { limitPaymentStarts } from "./quote-payments.graphql";
import { MollieUnreachableError, processQuotePaymentWebhook, startQuotePayment } from "./quote-payments.service";

type Deps = { db: Database; config: Config; log: Logger };

/**
 * POST /api/webhooks/mollie-quotes — Mollie's webhook for customers' payments on the owners' own
 * accounts (decision 058). Only the form body's `id` is read; the payment is found by that stored
 * id and fetched from its owner's Mollie account before anything changes. 200 for every id we do
 * not know (Mollie must not retry those; a prober learns nothing) and for every one we applied or
 * had applied already (a replay changes nothing). 503 only when Mollie itself could not be reached,
 * so that Mollie delivers again later; never a 500. Rate-limited per address like the billing
 * webhook (WEBHOOK_LIMITS: 60 a minute, 429 with Retry-After), and one fetch per payment id at a
 * time on this server.
 */
export function quotePaymentWebhookRoutes(deps: Deps & { clientIp?: (request: Request, env: unknown) => string | undefined }) {
  const app = new Hono();
  const inFlight = new Map<string, Promise<string>>();
  app.post("/mollie-quotes", async (c) => {
    const address = deps.clientIp?.(c.req.raw, c.env);
    if (address) {
      const hit = await hitRateLimit(deps.db, `webhook:mollie-quotes:${address}`, WEBHOOK_LIMITS.perAddressPerWindow, WEBHOOK_LIMITS.windowSeconds);
      if (!hit.allowed) return c.text("", 429, { "Retry-After": String(Math.max(1, hit.retryAfterSeconds)) });
    }
    let id = "";
    try {
      const body = await c.req.parseBody();
      id = typeof body.id === "string" ? body.id.trim().slice(0, 100) : "";
    } catch {
      return c.text("", 200);
    }
    // A subscription's payments come with our subscription's id in the URL (decision 061): it only says which owner to ask.
    const subscriptionRowId = (c.req.query("subscription") ?? "").slice(0, 64) || null;
    let running = inFlight.get(id);
    if (!running) {
      running = processQuotePaymentWebhook(deps.db, deps.config, id, deps.log, { subscriptionRowId }).finally(() => inFlight.delete(id));
      inFlight.set(id, running);
    }
    try {
      const outcome = await running;
      deps.log.info({ outcome }, "quote payment webhook");
    } catch (error) {
      if (error instanceof MollieUnreachableError) {
        deps.log.warn({ err: error }, "quote payment webhook: Mollie unreachable");
        return c.text("", 503, { "Retry-After": "60" });
      }
      // Never a 500: logged, and Mollie is told to come back later.
      deps.log.error({ err: error }, "quote payment webhook failed");
      return c.text("", 503, { "Retry-After": "60" });
    }
    return c.text("", 200);
  });
  return app;
}

const NANO_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** Invoice downloads per address per minute. */
export const INVOICE_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

/** The page's payment messages (`?payment=…`), read by the public page's payment panel. */
export const PAYMENT_PAGE_STATUSES = ["return", "paid", "not-connected", "nothing", "error", "rate-limited"] as const;

/**
 * POST /quote/:slug/:nanoId/pay (also under /nl) — the customer's "Pay" button, a plain form
 * without JavaScript: starts (or resumes) the payment and sends the browser to Mollie's hosted
 * checkout (303), or back to the quote with `?payment=<status>#payment` when it cannot.
 */
export function quotePaymentFormRoutes(deps: Deps & { clientIp: (c: Context) => string }) {
  const app = new Hono();
  /**
   * GET /quote/:slug/:nanoId/invoice (also under /nl) — the quote's deposit invoice as a PDF, for
   * whoever has the quote's link (the customer; the owner's quote page links here too). 404 while
   * no payment has been paid; 30 a minute per address.
   */
  app.get("/:slug/:nanoId/invoice", async (c) => {
    const nanoId = c.req.param("nanoId");
    const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
    if (!NANO_ID.test(nanoId)) return c.text("Not found", 404, privateHeaders);
    const limited = await hitRateLimit(deps.db, `invoice:${deps.clientIp(c)}`, INVOICE_RATE_LIMIT.limit, INVOICE_RATE_LIMIT.windowSeconds);
    if (!limited.allowed) return c.text("Too many requests", 429, { ...privateHeaders, "Retry-After": String(Math.max(1, limited.retryAfterSeconds)) });
    const [quote] = await deps.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.nanoId, nanoId)).limit(1);
    const invoice = quote ? await latestQuoteInvoice(deps.db, quote.id) : null;
    if (!invoice) return c.text("Not found", 404, privateHeaders);
    // Made in the PDF worker thread (decision 070), off the server's main thread.
    const { renderDepositInvoicePdfInWorker } = await import("../../pdf/render-pool");
    const { pdf } = await renderDepositInvoicePdfInWorker(invoice);
    return c.body(pdf, 200, {
      ...privateHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": pdfContentDisposition(invoice.number),
    });
  });
  app.post("/:slug/:nanoId/pay", async (c) => {
    const nanoId = c.req.param("nanoId");
    const back = async (status: (typeof PAYMENT_PAGE_STATUSES)[number]) => {
      const [quote] = NANO_ID.test(nanoId)
        ? await deps.db.select({ slug: quotes.slug, nanoId: quotes.nanoId, language: quotes.language }).from(quotes).where(eq(quotes.nanoId, nanoId)).limit(1)
        : [];
      const base = quote
        ? new URL(publicQuoteUrl(deps.config.publicUrl, quote)).pathname
        : localizePath(`/quote/${c.req.param("slug")}/${encodeURIComponent(nanoId)}`, splitLocalePath(c.req.path).locale);
      return c.body(null, 303, { Location: `${base}?payment=${status}#payment`, "Cache-Control": "no-store" });
    };
    if (!NANO_ID.test(nanoId)) return back("error");
    try {
      await limitPaymentStarts(deps.db, nanoId, deps.clientIp(c) || null);
      const payment = await startQuotePayment({ db: deps.db, config: deps.config }, nanoId, { viewerUserId: null });
      if (!payment.checkoutUrl) return back("error");
      return c.body(null, 303, { Location: payment.checkoutUrl, "Cache-Control": "no-store" });
    } catch (error) {
      if (!(error instanceof AppError)) {
        deps.log.error({ err: error }, "starting a quote payment failed");
        return back("error");
      }
      if (error.code === "RATE_LIMITED") return back("rate-limited");
      if (error.messageKey === "signing:payment.errors.alreadyPaid") return back("paid");
      if (error.messageKey === "signing:payment.errors.notConnected") return back("not-connected");
      if (error.messageKey === "signing:payment.errors.nothingToPay") return back("nothing");
      return back("error");
    }
  });
  return app;
}
