import { useMutation } from "urql";
import { ACCOUNT_LIMITS, ZUpdateAccountInput } from "../../../../shared/account-settings";
import { timeZoneOptions } from "../../../../shared/statistics";
import { COUNTRIES, CURRENCIES, LANGUAGES } from "../../../../shared/enums";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { AccountSettingsFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard, useZodForm } from "../../../lib/form";
import { UpdateAccountMutation } from "../operations";
import { SettingsSection } from "./settings-section";

const VAT_EXAMPLES = { NL: "NL123456789B01", GB: "GB123456789" } as const;

/** General settings (SPEC §2 "settings"): company, billing details, the address on quotes. */
export function GeneralSettingsForm({ account, canEdit }: { account: AccountSettingsFieldsFragment; canEdit: boolean }) {
  const { t } = useTranslation();
  const form = useZodForm(ZUpdateAccountInput, {
    name: account.name,
    country: (account.country ?? "NL") as (typeof COUNTRIES)[number],
    currency: account.currency,
    language: account.language,
    vatNumber: account.vatNumber ?? "",
    billingFirstName: account.billingFirstName ?? "",
    billingLastName: account.billingLastName ?? "",
    billingStreetAndNumber: account.billingStreetAndNumber ?? "",
    billingStreetAdditional: account.billingStreetAdditional ?? "",
    billingPostalCode: account.billingPostalCode ?? "",
    billingCity: account.billingCity ?? "",
    billingCountry: account.billingCountry ?? "",
    quoteStreetAndNumber: account.quoteStreetAndNumber ?? "",
    quotePostalCode: account.quotePostalCode ?? "",
    quoteCity: account.quoteCity ?? "",
    timeZone: account.timeZone,
    notifyFirstView: account.notifyFirstView,
  });
  const { register, formState, handleSubmit, watch, reset } = form;
  const { errors } = formState;
  const { leaveDialog } = useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [{ fetching }, updateAccount] = useMutation(UpdateAccountMutation);
  const country = watch("country") as keyof typeof VAT_EXAMPLES;

  const onSubmit = handleSubmit(async (input) => {
    const result = await updateAccount({ input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    const saved = result.data.updateAccount;
    // The form now shows what was stored (normalised postal codes and VAT number), and is clean.
    reset({
      ...form.getValues(),
      vatNumber: saved.vatNumber ?? "",
      billingPostalCode: saved.billingPostalCode ?? "",
      quotePostalCode: saved.quotePostalCode ?? "",
    });
    toast.success(t("settings:saved"));
  });

  const countryOptions = COUNTRIES.map((c) => ({ value: c, label: t(`settings:countries.${c}`) }));
  const text = (name: Parameters<typeof register>[0], label: string, autoComplete: string, max: number = ACCOUNT_LIMITS.text) => (
    <TextField
      label={label}
      maxLength={max}
      autoComplete={autoComplete}
      error={errors[name as keyof typeof errors]?.message as string | undefined}
      {...register(name)}
    />
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid="general-settings-form">
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <fieldset disabled={!canEdit} className="space-y-6">
          <SettingsSection title={t("settings:sections.company")} hint={t("settings:sections.companyHint")}>
            <TextField
              label={t("settings:fields.name")}
              required
              maxLength={ACCOUNT_LIMITS.name}
              autoComplete="organization"
              error={errors.name?.message}
              {...register("name")}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField label={t("settings:fields.country")} options={countryOptions} error={errors.country?.message} {...register("country")} />
              <SelectField
                label={t("settings:fields.currency")}
                options={CURRENCIES.map((c) => ({ value: c, label: t(`settings:currencies.${c}`) }))}
                error={errors.currency?.message}
                {...register("currency")}
              />
              <SelectField
                label={t("settings:fields.language")}
                options={LANGUAGES.map((l) => ({ value: l, label: t(`settings:languages.${l}`) }))}
                error={errors.language?.message}
                {...register("language")}
              />
            </div>
            <TextField
              label={t("settings:fields.vatNumber")}
              hint={t("settings:fields.vatNumberHint", { example: VAT_EXAMPLES[country] ?? VAT_EXAMPLES.NL })}
              maxLength={ACCOUNT_LIMITS.vatNumber + 6}
              autoComplete="off"
              error={errors.vatNumber?.message}
              {...register("vatNumber")}
            />
          </SettingsSection>

          <SettingsSection title={t("settings:sections.billing")} hint={t("settings:sections.billingHint")}>
            <div className="grid gap-4 sm:grid-cols-2">
              {text("billingFirstName", t("settings:fields.billingFirstName"), "given-name")}
              {text("billingLastName", t("settings:fields.billingLastName"), "family-name")}
            </div>
            {text("billingStreetAndNumber", t("settings:fields.streetAndNumber"), "address-line1")}
            {text("billingStreetAdditional", t("settings:fields.streetAdditional"), "address-line2")}
            <div className="grid gap-4 sm:grid-cols-3">
              {text("billingPostalCode", t("settings:fields.postalCode"), "postal-code", ACCOUNT_LIMITS.postalCode)}
              {text("billingCity", t("settings:fields.city"), "address-level2")}
              <SelectField
                label={t("settings:fields.billingCountry")}
                options={[{ value: "", label: t("settings:fields.chooseCountry") }, ...countryOptions]}
                error={errors.billingCountry?.message}
                {...register("billingCountry")}
              />
            </div>
          </SettingsSection>

          <SettingsSection title={t("settings:sections.quoteAddress")} hint={t("settings:sections.quoteAddressHint")}>
            {text("quoteStreetAndNumber", t("settings:fields.streetAndNumber"), "off")}
            <div className="grid gap-4 sm:grid-cols-2">
              {text("quotePostalCode", t("settings:fields.postalCode"), "off", ACCOUNT_LIMITS.postalCode)}
              {text("quoteCity", t("settings:fields.city"), "off")}
            </div>
          </SettingsSection>

          <SettingsSection title={t("settings:sections.statistics")} hint={t("settings:sections.statisticsHint")}>
            <SelectField
              label={t("settings:fields.timeZone")}
              options={timeZoneOptions(account.timeZone).map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
              error={errors.timeZone?.message}
              {...register("timeZone")}
            />
            <CheckboxField label={t("settings:fields.notifyFirstView")} hint={t("settings:fields.notifyFirstViewHint")} {...register("notifyFirstView")} />
          </SettingsSection>
        </fieldset>
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" busy={fetching} data-testid="settings-save">
              {t("settings:save")}
            </Button>
          </div>
        ) : null}
      </form>
      {leaveDialog}
    </>
  );
}
