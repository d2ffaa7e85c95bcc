import { useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { vatPresets } from "../../../../shared/blocks";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import {
  CreatePricingQuoteBlockMutation,
  CreateTextQuoteBlockMutation,
  QuoteBlockQuery,
  QuoteEditorQuery,
  SaveQuoteBlockAsTemplateMutation,
  UpdatePricingQuoteBlockMutation,
  UpdateTextQuoteBlockMutation,
} from "../operations";
import { PricingBlockForm } from "./pricing-block-form";
import { TextBlockForm } from "./text-block-form";

/**
 * One quote block's editor (a new block of `kind`, or the block `blockId`), in the quote's
 * language and currency. Only a draft's blocks are editable; the server refuses the rest anyway.
 */
export function QuoteBlockEditor({ quoteId, blockId, kind }: { quoteId: string; blockId?: string; kind: "TEXT" | "PRICING" }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const showRefusal = useRefusalToast();
  const [quoteResult, refetchQuote] = useQuery({ query: QuoteEditorQuery, variables: { id: quoteId } });
  const [blockResult, refetchBlock] = useQuery({ query: QuoteBlockQuery, variables: { id: blockId ?? "" }, pause: !blockId });
  const [, createText] = useMutation(CreateTextQuoteBlockMutation);
  const [, updateText] = useMutation(UpdateTextQuoteBlockMutation);
  const [, createPricing] = useMutation(CreatePricingQuoteBlockMutation);
  const [, updatePricing] = useMutation(UpdatePricingQuoteBlockMutation);
  const [{ fetching: savingTemplate }, saveAsTemplate] = useMutation(SaveQuoteBlockAsTemplateMutation);

  const quote = quoteResult.data?.quote;
  const block = blockResult.data?.quoteBlock;
  const error = quoteResult.error ?? blockResult.error;
  if (serverRefusal(error, "").code === "NOT_FOUND") return <Alert>{t("editor:notFound")}</Alert>;
  if (!quote || (blockId && !block)) {
    return (
      <QueryState
        fetching={quoteResult.fetching || blockResult.fetching}
        error={error}
        hasData={false}
        onRetry={() => {
          refetchQuote({ requestPolicy: "network-only" });
          if (blockId) refetchBlock({ requestPolicy: "network-only" });
        }}
      />
    );
  }
  const backHref = href(`/app/quotes/mutate/${quoteId}`);
  if (quote.status !== "DRAFT") return <Alert kind="info">{t("editor:readOnly")}</Alert>;
  const onCreated = (id: string) => navigate(href(`/app/quoteblock/mutate/${quoteId}/${id}`), { replace: true });
  const templateButton = block ? (
    <Button
      variant="ghost"
      busy={savingTemplate}
      onClick={async () => {
        const result = await saveAsTemplate({ id: block.id });
        if (!showRefusal(result.error)) toast.success(t("editor:savedAsTemplate"));
      }}
    >
      {t("editor:actions.saveAsTemplate")}
    </Button>
  ) : null;

  const isPricing = block ? block.__typename === "PricingQuoteBlock" : kind === "PRICING";
  if (!isPricing) {
    return (
      <TextBlockForm
        initial={block ?? null}
        backHref={backHref}
        backLabel={t("editor:backToQuote")}
        extraActions={templateButton}
        onCreated={onCreated}
        onSave={async (input) => {
          const result = block ? await updateText({ id: block.id, input }) : await createText({ quoteId, input });
          const data = result.data;
          return { error: result.error, id: data ? ("createTextQuoteBlock" in data ? data.createTextQuoteBlock.id : data.updateTextQuoteBlock.id) : undefined };
        }}
      />
    );
  }
  const stored = block && block.__typename === "PricingQuoteBlock" ? { ...block, lines: block.quoteLineItems } : null;
  return (
    <PricingBlockForm
      initial={stored}
      context={{ language: quote.language, currency: quote.currency, vatRates: vatPresets(quoteResult.data?.account.country) }}
      backHref={backHref}
      backLabel={t("editor:backToQuote")}
      extraActions={templateButton}
      onCreated={onCreated}
      onSave={async (input) => {
        const result = block ? await updatePricing({ id: block.id, input }) : await createPricing({ quoteId, input });
        const data = result.data;
        return {
          error: result.error,
          id: data ? ("createPricingQuoteBlock" in data ? data.createPricingQuoteBlock.id : data.updatePricingQuoteBlock.id) : undefined,
        };
      }}
    />
  );
}
