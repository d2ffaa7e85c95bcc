import { Link, useParams, useSearchParams } from "react-router";
import { QuoteBlockEditor } from "../../features/editor/components/quote-block-editor";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** /app/quoteblock/mutate/:quoteId/:quoteBlockId? — edit a quote block, or add one (?kind=TEXT|PRICING). */
export default function QuoteblockMutatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { quoteId = "", quoteBlockId } = useParams();
  const [params] = useSearchParams();
  const kind = params.get("kind") === "PRICING" ? "PRICING" : "TEXT";
  const title = quoteBlockId ? t("editor:editBlockTitle") : kind === "PRICING" ? t("editor:newPricingTitle") : t("editor:newTextTitle");
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href(`/app/quotes/mutate/${quoteId}`)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("editor:backToQuote")}
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      <QuoteBlockEditor key={`${quoteId}/${quoteBlockId ?? kind}`} quoteId={quoteId} blockId={quoteBlockId} kind={kind} />
    </section>
  );
}
