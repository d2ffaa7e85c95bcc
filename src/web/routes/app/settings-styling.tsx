import { ZUpdateAccountStylingInput } from "../../../shared/account-settings";
import { planIncludes } from "../../../shared/plans";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { UpgradePrompt } from "../../features/billing/components/upgrade-prompt";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { LogoUpload } from "../../features/settings/components/logo-upload";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { SettingsSection } from "../../features/settings/components/settings-section";
import { StylingForm } from "../../features/settings/components/styling-form";
import { StylingPreview } from "../../features/settings/components/styling-preview";
import type { AccountSettingsFieldsFragment } from "../../graphql/generated/graphql";
import { useAccountSettings } from "../../features/settings/hooks/use-account-settings";
import { useTranslation } from "../../i18n";
import { useZodForm } from "../../lib/form";

/**
 * /app/settings/styling — logo, colours and font, with a live preview. Styling is a Basic/Pro
 * feature (SPEC §9; the server's entitlement check refuses it too): a plan without it sees the
 * upgrade prompt and the settings read-only.
 */
export default function SettingsStylingPage() {
  const { t } = useTranslation();
  const { account, canEdit, fetching, error, retry } = useAccountSettings();
  const plan = useAccountPlan();
  const locked = plan.account ? !planIncludes(plan.account, "styling") : false;
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <title>{`${t("settings:styleTitle")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("settings:styleTitle")}</h1>
        <SettingsNav />
        <p className="text-sm text-slate-600">{t("settings:styling.intro")}</p>
      </div>
      <QueryState fetching={fetching} error={error} hasData={Boolean(account)} onRetry={retry} />
      {locked ? <UpgradePrompt feature="styling" canUpgrade={plan.isOwner} /> : null}
      {account ? <Styling key={account.id} account={account} canEdit={canEdit && !locked} locked={locked} /> : null}
    </section>
  );
}

function Styling({ account, canEdit, locked }: { account: AccountSettingsFieldsFragment; canEdit: boolean; locked: boolean }) {
  const { t } = useTranslation();
  const form = useZodForm(ZUpdateAccountStylingInput, {
    linkColor: account.linkColor ?? "",
    textColor: account.textColor ?? "",
    textFont: account.textFont ?? "INTER",
  });
  const [linkColor, textColor, textFont] = form.watch(["linkColor", "textColor", "textFont"]);
  const valid = (v: string | null | undefined) => (v && /^#[0-9a-f]{6}$/i.test(v) ? v : null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        {canEdit || locked ? null : <Alert kind="info">{t("settings:readOnly")}</Alert>}
        <SettingsSection title={t("settings:styling.logo")} testId="logo-section">
          <LogoUpload account={account} canEdit={canEdit} />
        </SettingsSection>
        <SettingsSection title={t("settings:styling.colors")}>
          <StylingForm form={form} canEdit={canEdit} />
        </SettingsSection>
      </div>
      <div className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t("settings:styling.preview")}</h2>
        <p className="text-sm text-slate-600">{t("settings:styling.previewHint")}</p>
        <StylingPreview
          styling={{
            linkColor: valid(linkColor),
            textColor: valid(textColor),
            textFont: textFont ?? null,
            logoUrl: account.fileUrl,
            companyName: account.name,
          }}
        />
      </div>
    </div>
  );
}
