import { useState } from "react";
import { useMutation } from "urql";
import { ZAddCustomDomainInput } from "../../../../shared/custom-domains";
import { formatTimestampUtc } from "../../../../shared/format";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { CustomDomainFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { UpgradePrompt } from "../../billing/components/upgrade-prompt";
import { AddCustomDomainMutation, CheckCustomDomainMutation, RemoveCustomDomainMutation } from "../operations";

const STATE_STYLE: Record<string, string> = {
  OK: "bg-green-50 text-green-800 border-green-200",
  WRONG: "bg-red-50 text-red-800 border-red-200",
  MISSING: "bg-amber-50 text-amber-900 border-amber-200",
  ERROR: "bg-amber-50 text-amber-900 border-amber-200",
  UNCHECKED: "bg-slate-50 text-slate-700 border-slate-200",
};

/**
 * The add form (the one form pattern: the server's zod schema, its refusals on the same field): a
 * sub-domain; a bare domain is refused with the reason under the field.
 */
export function AddDomainForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZAddCustomDomainInput, { domain: "" });
  const { register, formState, handleSubmit } = form;
  const [{ fetching }, add] = useMutation(AddCustomDomainMutation);
  const onSubmit = handleSubmit(async (input) => {
    const result = await add({ input: { domain: input.domain } });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("domains:added"));
    onAdded();
  });
  return (
    <form className="space-y-3" data-testid="domain-add-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={t("domains:form.domain")}
        hint={t("domains:form.domainHint")}
        error={formState.errors.domain?.message}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        placeholder="quotes.example.com"
        required
        {...register("domain")}
      />
      {formState.errors.root?.server ? <Alert>{formState.errors.root.server.message}</Alert> : null}
      <Button type="submit" busy={fetching || formState.isSubmitting}>
        {fetching ? t("domains:form.adding") : t("domains:form.add")}
      </Button>
    </form>
  );
}

/** The domain, its two records with their state, "Check now" and remove (with a confirmation). */
export function DomainDetails({ domain, onRemoved }: { domain: CustomDomainFieldsFragment; onRemoved: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ fetching: checking }, check] = useMutation(CheckCustomDomainMutation);
  const [{ fetching: removing }, remove] = useMutation(RemoveCustomDomainMutation);
  const [confirming, setConfirming] = useState(false);
  const showRefusal = useRefusalToast();
  return (
    <div className="space-y-5" data-testid="domain-details">
      <div className="space-y-1">
        <p className="break-all text-lg font-semibold text-slate-900" data-testid="domain-name">
          {domain.domain}
        </p>
        <p className="text-sm text-slate-700" data-testid="domain-status" data-status={domain.status} role="status">
          {t(`domains:status.${domain.status}`)}
        </p>
        {!domain.planAllows ? <Alert kind="info">{t("domains:proOnly")}</Alert> : null}
      </div>
      <div>
        <h2 className="text-base font-semibold text-slate-900">{t("domains:records.title")}</h2>
        <ul className="mt-3 space-y-3" data-testid="domain-records">
          {domain.records.map((record) => (
            <li key={record.type} className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid={`domain-record-${record.type}`}>
              <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-500">{t("domains:records.type")}</dt>
                <dd className="font-mono">{record.type}</dd>
                <dt className="text-slate-500">{t("domains:records.name")}</dt>
                <dd className="break-all font-mono">{record.name}</dd>
                <dt className="text-slate-500">{t("domains:records.value")}</dt>
                <dd className="break-all font-mono">{record.value}</dd>
                <dt className="text-slate-500">{t("domains:records.state")}</dt>
                <dd>
                  <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${STATE_STYLE[record.state] ?? ""}`} data-state={record.state}>
                    {t(`domains:records.states.${record.state}`)}
                  </span>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">
          {domain.lastCheckedAt ? `${t("domains:lastChecked", { when: formatTimestampUtc(domain.lastCheckedAt, locale) })} · ` : ""}
          {t("domains:nextCheck")}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          busy={checking}
          disabled={!domain.planAllows}
          onClick={async () => {
            const result = await check({});
            showRefusal(result.error);
          }}
        >
          {checking ? t("domains:checking") : t("domains:checkNow")}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("domains:remove")}
        </Button>
      </div>
      <DeleteDialog
        open={confirming}
        title={t("domains:removeConfirmTitle", { domain: domain.domain })}
        confirmLabel={t("domains:removeConfirm")}
        cancelLabel={t("domains:cancel")}
        deletedMessage={t("domains:removed")}
        busy={removing}
        onDelete={() => remove({})}
        onClose={() => setConfirming(false)}
        onDeleted={onRemoved}
      >
        <p className="text-sm text-slate-700">{t("domains:removeConfirmBody")}</p>
      </DeleteDialog>
    </div>
  );
}

/** Without Pro and without a domain: what the feature is and the upgrade path. */
export function DomainLocked({ canUpgrade }: { canUpgrade: boolean }) {
  return <UpgradePrompt feature="customDomain" canUpgrade={canUpgrade} />;
}
