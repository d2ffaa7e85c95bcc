import { data, redirect } from "react-router";
import { centsToDecimal, formatMoney, intlLocaleFor, lineTotalCents, totalCents } from "../../../shared/money";
import { localizePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import { getPublicQuote } from "../../../server/modules/quotes/quotes.server";
import { useTranslation } from "../../i18n";
import type { Route } from "./+types/public-quote";

/**
 * The public quote link. Availability is checked on every request: a draft (never published or
 * withdrawn) or unknown link shows "not available" (404), a published quote past its expiration
 * date shows "expired" (410). The full customer view (table of contents, signing, PDF) comes with
 * the public-quote issue; until then an available quote shows its content read-only.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await getPublicQuote(context.ctx.db, params.nanoId);
  if (result.availability !== "AVAILABLE" || !result.quote) {
    return data({ availability: result.availability, quote: null }, { status: result.availability === "EXPIRED" ? 410 : 404 });
  }
  const q = result.quote;
  // The quote's language decides the page language; the slug follows the title.
  const canonical = new URL(publicQuoteUrl(context.publicConfig.publicUrl, q)).pathname;
  const wanted = localizePath(`/quote/${params.slug}/${params.nanoId}`, context.locale);
  if (decodeURI(canonical) !== wanted) throw redirect(canonical);
  return {
    availability: result.availability,
    quote: {
      quoteNumber: q.quoteNumber,
      name: q.name,
      language: q.language,
      currency: q.currency,
      quoteDate: q.quoteDate,
      expirationDate: q.expirationDate,
      customer: q.customerSnapshot,
      total: centsToDecimal(q.totalCents),
      blocks: q.blocks.map((b) => ({
        id: b.id,
        name: b.name,
        content: b.content,
        pricing: b.kind === "PRICING",
        total: centsToDecimal(totalCents(b.lineItems)),
        lines: b.lineItems.map((li) => ({ id: li.id, name: li.name, price: centsToDecimal(li.priceCents), amount: li.amount, total: centsToDecimal(lineTotalCents(li)) })),
      })),
    },
  };
}

export default function PublicQuotePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { availability, quote } = loaderData;
  if (!quote) {
    const expired = availability === "EXPIRED";
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <meta name="robots" content="noindex" />
        <title>{`${expired ? t("quotes:public.expiredTitle") : t("quotes:public.notAvailableTitle")} · Offerly`}</title>
        <h1 className="text-2xl font-bold tracking-tight" data-testid="public-quote-unavailable">
          {expired ? t("quotes:public.expiredTitle") : t("quotes:public.notAvailableTitle")}
        </h1>
        <p className="mt-3 text-slate-600">{expired ? t("quotes:public.expired") : t("quotes:public.notAvailable")}</p>
      </main>
    );
  }
  const money = (amount: string) => formatMoney(amount, quote.currency, quote.language);
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocaleFor(quote.language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <meta name="robots" content="noindex" />
      <title>{`${quote.name} · ${quote.quoteNumber}`}</title>
      <p className="text-sm text-slate-500">{t("quotes:public.number", { number: quote.quoteNumber })}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight" data-testid="public-quote-title">
        {quote.name}
      </h1>
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("quotes:public.date")}</dt>
          <dd>{date(quote.quoteDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("quotes:public.validUntil")}</dt>
          <dd>{date(quote.expirationDate)}</dd>
        </div>
      </dl>
      {quote.customer ? (
        <address className="mt-6 whitespace-pre-line text-sm not-italic text-slate-700">
          {[quote.customer.name, quote.customer.companyName, quote.customer.contactPerson, quote.customer.content].filter(Boolean).join("\n")}
        </address>
      ) : null}
      <div className="mt-8 space-y-8">
        {quote.blocks.map((b) => (
          <section key={b.id}>
            <h2 className="text-xl font-semibold">{b.name}</h2>
            {b.content ? <p className="mt-2 whitespace-pre-line text-slate-700">{b.content}</p> : null}
            {b.pricing ? (
              <table className="mt-3 w-full text-sm">
                <tbody>
                  {b.lines.map((li) => (
                    <tr key={li.id} className="border-b border-slate-100">
                      <td className="py-2">{li.name}</td>
                      <td className="py-2 text-right tabular-nums">
                        {new Intl.NumberFormat(intlLocaleFor(quote.language), { maximumFractionDigits: 3 }).format(li.amount as unknown as number)} × {money(li.price)}
                      </td>
                      <td className="py-2 text-right tabular-nums">{money(li.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>
        ))}
      </div>
      <p className="mt-8 flex justify-between border-t border-slate-200 pt-4 text-lg font-bold">
        <span>{t("quotes:total")}</span>
        <span className="tabular-nums" data-testid="public-quote-total">
          {money(quote.total)}
        </span>
      </p>
    </main>
  );
}
