import { useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { vatPresets } from "../../../../shared/blocks";
import { Alert } from "../../../components/ui/alert";
import { QueryState } from "../../../components/ui/query-state";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { PricingBlockForm } from "../../editor/components/pricing-block-form";
import { TextBlockForm } from "../../editor/components/text-block-form";
import {
  CreatePricingTemplateBlockMutation,
  CreateTextTemplateBlockMutation,
  TemplateBlockQuery,
  TemplateEditorAccountQuery,
  UpdatePricingTemplateBlockMutation,
  UpdateTextTemplateBlockMutation,
} from "../operations";

/**
 * A template's editor: the same block forms as the quote editor, saving to the template
 * mutations. Money is typed in the account's quote language, VAT rates follow its country.
 */
export function TemplateBlockEditor({ templateId, kind }: { templateId?: string; kind: "TEXT" | "PRICING" }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const [accountResult, refetchAccount] = useQuery({ query: TemplateEditorAccountQuery });
  const [templateResult, refetchTemplate] = useQuery({ query: TemplateBlockQuery, variables: { id: templateId ?? "" }, pause: !templateId });
  const [, createText] = useMutation(CreateTextTemplateBlockMutation);
  const [, updateText] = useMutation(UpdateTextTemplateBlockMutation);
  const [, createPricing] = useMutation(CreatePricingTemplateBlockMutation);
  const [, updatePricing] = useMutation(UpdatePricingTemplateBlockMutation);

  const account = accountResult.data?.account;
  const template = templateResult.data?.templateBlock;
  const error = accountResult.error ?? templateResult.error;
  if (serverRefusal(error, "").code === "NOT_FOUND") return <Alert>{t("templates:notFound")}</Alert>;
  if (!account || (templateId && !template)) {
    return (
      <QueryState
        fetching={accountResult.fetching || templateResult.fetching}
        error={error}
        hasData={false}
        onRetry={() => {
          refetchAccount({ requestPolicy: "network-only" });
          if (templateId) refetchTemplate({ requestPolicy: "network-only" });
        }}
      />
    );
  }
  const backHref = href("/app/templates");
  const onCreated = (id: string) => navigate(href(`/app/templates/mutate/${id}`), { replace: true });
  const isPricing = template ? template.__typename === "PricingTemplateBlock" : kind === "PRICING";
  if (!isPricing) {
    return (
      <TextBlockForm
        initial={template ?? null}
        backHref={backHref}
        backLabel={t("templates:back")}
        onCreated={onCreated}
        onSave={async (input) => {
          const result = template ? await updateText({ id: template.id, input }) : await createText({ input });
          const data = result.data;
          return {
            error: result.error,
            id: data ? ("createTextTemplateBlock" in data ? data.createTextTemplateBlock.id : data.updateTextTemplateBlock.id) : undefined,
          };
        }}
      />
    );
  }
  const stored = template && template.__typename === "PricingTemplateBlock" ? { ...template, lines: template.templateLineItems } : null;
  return (
    <PricingBlockForm
      initial={stored}
      context={{ language: account.language, currency: account.currency, vatRates: vatPresets(account.country) }}
      backHref={backHref}
      backLabel={t("templates:back")}
      onCreated={onCreated}
      onSave={async (input) => {
        const result = template ? await updatePricing({ id: template.id, input }) : await createPricing({ input });
        const data = result.data;
        return {
          error: result.error,
          id: data ? ("createPricingTemplateBlock" in data ? data.createPricingTemplateBlock.id : data.updatePricingTemplateBlock.id) : undefined,
        };
      }}
    />
  );
}
