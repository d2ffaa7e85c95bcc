import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { QuoteConversation } from "../../features/conversation/components/quote-conversation";
import { QuoteBlocksEditor } from "../../features/editor/components/quote-blocks-editor";
import { quoteDocumentFromGraphQL } from "../../features/quote-document/from-graphql";
import { QuoteDocument } from "../../features/quote-document/quote-document";
import { PublicLink } from "../../features/quotes/components/public-link";
import { QuoteForm } from "../../features/quotes/components/quote-form";
import { QuoteHeader } from "../../features/quotes/components/quote-header";
import { QuoteSettings } from "../../features/quotes/components/quote-settings";
import { QuoteQuery } from "../../features/quotes/operations";
import { QuoteSigning } from "../../features/signing/components/quote-signing";
import { QuoteStatistics } from "../../features/statistics/components/quote-statistics";
import { QuoteVersions } from "../../features/versions/components/quote-versions";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, serverRefusal } from "../../lib/mutation-errors";

/** /app/quotes/mutate/:quoteId? — a new quote's form, or a quote's page (details form while a draft, and its preview). */
export default function QuoteMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { quoteId } = useParams();
  const [search] = useSearchParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteQuery, variables: { id: quoteId ?? "" }, pause: !quoteId });
  const quote = data?.quote;
  const notFound = serverRefusal(error, "").code === "NOT_FOUND";
  const title = quote ? `${quote.quoteNumber} ${quote.name}` : quoteId ? t("quotes:editTitle") : t("quotes:newTitle");

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href("/app/quotes")} viewTransition className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quotes:actions.back")}
      </Link>
      <div className="mt-2">
        {!quoteId ? (
          <>
            <h1 className="mb-6 text-2xl font-bold tracking-tight">{t("quotes:newTitle")}</h1>
            <QuoteForm
              startFromQuoteId={search.get("from") ?? undefined}
              onSaved={(id) => navigate(href(`/app/quotes/mutate/${id}`), { replace: true, viewTransition: true })}
            />
          </>
        ) : quote ? (
          <>
            <QuoteHeader quote={quote} />
            {quote.status === "DRAFT" ? (
              // A draft: its details and content first (what the page is for now), then what
              // publishing will bring (sending, statistics, conversation, versions).
              <div className="mt-6 space-y-6">
                {quote.lifecycle.state === "WITHDRAWN" ? (
                  <div data-testid="quote-state-hint">
                    <Alert kind="info">{t("quotes:stateHint.WITHDRAWN")}</Alert>
                  </div>
                ) : null}
                <PublicLink url={quote.url} live={false} />
                <section aria-labelledby="details-title">
                  <h2 id="details-title" className="mb-3 text-lg font-semibold">
                    {t("quotes:details")}
                  </h2>
                  <QuoteForm key={quote.id} quote={quote} onSaved={() => undefined} />
                </section>
                <section aria-labelledby="preview-title">
                  <h2 id="preview-title" className="mb-3 text-lg font-semibold">
                    {t("quotes:blocks")}
                  </h2>
                  <QuoteBlocksEditor quoteId={quote.id} />
                </section>
                <QuoteStatistics quoteId={quote.id} status={quote.status} />
                <QuoteConversation quoteId={quote.id} />
                <QuoteVersions quoteId={quote.id} />
              </div>
            ) : (
              <div className="mt-6 space-y-6">
                {/* What the state means and what is possible (the same sentence the server refuses with). */}
                <div data-testid="quote-state-hint">
                  <Alert kind="info">{t(`quotes:stateHint.${quote.lifecycle.state}`)}</Alert>
                </div>
                <PublicLink url={quote.url} live />
                <QuoteStatistics quoteId={quote.id} status={quote.status} />
                <QuoteConversation quoteId={quote.id} />
                <QuoteVersions quoteId={quote.id} />
                <QuoteSettings quote={quote} />
                <QuoteSigning quoteId={quote.id} language={quote.language} />
                <section aria-labelledby="preview-title">
                  <h2 id="preview-title" className="mb-3 text-lg font-semibold">
                    {t("quotes:blocks")}
                  </h2>
                  <QuoteDocument quote={quoteDocumentFromGraphQL(quote)} headingLevel={2} />
                </section>
              </div>
            )}
          </>
        ) : notFound ? (
          <div className="space-y-3">
            <Alert>{t("quotes:notFound")}</Alert>
            <Link to={href("/app/quotes")} className={linkButton.secondary}>
              {t("quotes:actions.back")}
            </Link>
          </div>
        ) : (
          <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        )}
      </div>
    </section>
  );
}
