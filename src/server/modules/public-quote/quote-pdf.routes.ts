import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { translator } from "../../../shared/i18n/server";
import type { Locale } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema";
import type { FileStorage } from "../../files/storage";
import { hitRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { publicBaseUrl } from "../custom-domains/public-base";
import { loadPublicQuote } from "./public-quote.service";
import { enqueueQuotePdf, findStoredQuotePdf } from "./quote-pdf.service";
import { customLinkBase, pdfStateKey } from "./quote-pdf-state";

type Deps = { db: Database; log: Logger; files: FileStorage; publicUrl: string; clientIp: (c: Context) => string };

/** Downloads per address per minute (each one reads the quote; a render is queued at most once per state). */
export const QUOTE_PDF_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

const NANO_ID = /^[A-Za-z0-9_-]{22,64}$/;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every answer of this route is about a secret link: never stored by any cache. */
const PRIVATE = { "Cache-Control": "private, no-store" } as const;

/** `filename="2026-0042.pdf"`; a number with other characters gets an ASCII fallback and its UTF-8 form. */
export function pdfContentDisposition(quoteNumber: string): string {
  const name = `${quoteNumber.trim() || "quote"}.pdf`;
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, "_");
  return ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A small page in the quote's language (no app, no script): not available, expired, being prepared, too many requests. */
function smallPage(locale: Locale, title: string, text: string, options: { refreshSeconds?: number; backHref?: string; backLabel?: string } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : "";
  const back = options.backHref && options.backLabel ? `<p><a href="${escapeHtml(options.backHref)}">${escapeHtml(options.backLabel)}</a></p>` : "";
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${refresh}<title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;text-align:center;color:#0f172a"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}</body></html>`
  );
}

/**
 * `GET /quote/:slug/:nanoId/pdf` (one path for both languages: the quote's language is inside the
 * PDF), the public page's download link (decision 025). Availability comes from the read model:
 * not available → 404, expired → 410. The sealed PDF of the quote's current state, when stored, is
 * sent as an attachment; otherwise the `render-quote-pdf` job is queued (once per quote and state)
 * and a 202 page that refreshes itself says the PDF is being prepared: a request never waits for a
 * render. Rate-limited per address.
 */
export function quotePdfRoutes(deps: Deps) {
  const app = new Hono();

  /** The quote's language for the error pages; English when the link names no quote. */
  async function localeOfLink(nanoId: string): Promise<Locale> {
    if (!NANO_ID.test(nanoId)) return "en";
    const [row] = await deps.db.select({ language: quotes.language }).from(quotes).where(eq(quotes.nanoId, nanoId)).limit(1);
    return row?.language === "NL" ? "nl" : "en";
  }

  app.get("/:slug/:nanoId/pdf", async (c) => {
    const nanoId = c.req.param("nanoId");
    const limited = await hitRateLimit(deps.db, `quote-pdf:ip:${deps.clientIp(c)}`, QUOTE_PDF_RATE_LIMIT.limit, QUOTE_PDF_RATE_LIMIT.windowSeconds);
    if (!limited.allowed) {
      const locale = await localeOfLink(nanoId);
      const t = translator(locale);
      return c.html(smallPage(locale, t("pdf:download.rateLimitedTitle"), t("pdf:download.rateLimited")), 429, {
        ...PRIVATE,
        "Retry-After": String(Math.max(1, limited.retryAfterSeconds)),
      });
    }

    const { availability, view } = await loadPublicQuote(deps.db, nanoId);
    if (!view) {
      const locale = await localeOfLink(nanoId);
      const t = translator(locale);
      return availability === "EXPIRED"
        ? c.html(smallPage(locale, t("pdf:download.expiredTitle"), t("pdf:download.expired")), 410, PRIVATE)
        : c.html(smallPage(locale, t("pdf:download.notAvailableTitle"), t("pdf:download.notAvailable")), 404, PRIVATE);
    }

    const linkBase = await publicBaseUrl(deps.db, deps.publicUrl, view.accountId);
    const stateKey = pdfStateKey(view, customLinkBase(linkBase, deps.publicUrl));
    const fileKey = await findStoredQuotePdf(deps.db, view.quoteId, stateKey);
    const file = fileKey ? await deps.files.get(fileKey) : null;
    if (file) {
      return new Response(file.body, {
        status: 200,
        headers: {
          ...PRIVATE,
          "Content-Type": "application/pdf",
          "Content-Length": String(file.size),
          "Content-Disposition": pdfContentDisposition(view.document.quoteNumber),
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    if (fileKey) deps.log.warn({ quoteId: view.quoteId, fileKey }, "a stored quote PDF is missing from the files store; rendering it again");

    await enqueueQuotePdf(deps.db, view, stateKey);
    const locale: Locale = view.document.language === "NL" ? "nl" : "en";
    const t = translator(locale);
    const back = new URL(publicQuoteUrl(deps.publicUrl, { slug: view.slug, nanoId: view.nanoId, language: view.document.language })).pathname;
    return c.html(
      smallPage(locale, t("pdf:download.preparingTitle"), t("pdf:download.preparing"), {
        refreshSeconds: 2,
        backHref: back,
        backLabel: t("pdf:download.backToQuote"),
      }),
      202,
      PRIVATE,
    );
  });

  return app;
}
