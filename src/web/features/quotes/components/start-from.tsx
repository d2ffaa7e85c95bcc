import { useQuery } from "urql";
import { SelectField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n";
import { TemplateBlocksQuery } from "../../templates/operations";
import { QuotesQuery } from "../operations";

export type StartFrom = { mode: "BLANK" | "QUOTE" | "TEMPLATES"; quoteId: string; templateBlockIds: string[] };
export const BLANK_START: StartFrom = { mode: "BLANK", quoteId: "", templateBlockIds: [] };

/** The `startFrom` argument of createQuote for a choice (null: an empty quote). */
export function startFromInput(start: StartFrom): { quoteId?: string; templateBlockIds?: string[] } | null {
  if (start.mode === "QUOTE" && start.quoteId) return { quoteId: start.quoteId };
  if (start.mode === "TEMPLATES" && start.templateBlockIds.length > 0) return { templateBlockIds: start.templateBlockIds };
  return null;
}

/**
 * "New quote from…": empty, a copy of another quote's blocks, or a set of templates in the order
 * they are ticked.
 */
export function StartFromPicker({ value, onChange }: { value: StartFrom; onChange: (value: StartFrom) => void }) {
  const { t } = useTranslation();
  const [quotes] = useQuery({ query: QuotesQuery, variables: { page: 1, pageSize: 50 }, pause: value.mode !== "QUOTE" });
  const [templates] = useQuery({ query: TemplateBlocksQuery, variables: { page: 1, pageSize: 100 }, pause: value.mode !== "TEMPLATES" });
  const modes = ["BLANK", "QUOTE", "TEMPLATES"] as const;
  return (
    <fieldset className="space-y-3" data-testid="start-from">
      <legend className="text-sm font-medium text-slate-900">{t("editor:startFrom.label")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {modes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input type="radio" name="start-from" value={mode} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} />
            {t(`editor:startFrom.modes.${mode}`)}
          </label>
        ))}
      </div>
      {value.mode === "QUOTE" ? (
        <SelectField
          label={t("editor:startFrom.quote")}
          value={value.quoteId}
          onChange={(e) => onChange({ ...value, quoteId: e.target.value })}
          options={[
            { value: "", label: quotes.fetching ? t("loading") : t("editor:startFrom.chooseQuote"), disabled: true },
            ...(quotes.data?.quotes.items ?? []).map((q) => ({ value: q.id, label: `${q.quoteNumber} ${q.name}` })),
          ]}
        />
      ) : null}
      {value.mode === "TEMPLATES" ? (
        <div>
          {templates.data && templates.data.templateBlocks.items.length === 0 ? <p className="text-sm text-slate-500">{t("editor:picker.empty")}</p> : null}
          <ul className="max-h-60 space-y-1 overflow-y-auto">
            {(templates.data?.templateBlocks.items ?? []).map((tpl) => {
              const checked = value.templateBlockIds.includes(tpl.id);
              return (
                <li key={tpl.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        onChange({
                          ...value,
                          templateBlockIds: checked ? value.templateBlockIds.filter((id) => id !== tpl.id) : [...value.templateBlockIds, tpl.id],
                        })
                      }
                    />
                    <span className="[overflow-wrap:anywhere]">{tpl.name}</span>
                    <span className="text-xs text-slate-500">{t(`editor:kinds.${tpl.__typename === "PricingTemplateBlock" ? "PRICING" : "TEXT"}`)}</span>
                    {checked ? <span className="text-xs tabular-nums text-brand-700">#{value.templateBlockIds.indexOf(tpl.id) + 1}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
