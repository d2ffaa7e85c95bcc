import { useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { QueryState } from "../../components/ui/query-state";
import { NotificationSettings } from "../../features/conversation/components/notification-settings";
import { CreateAccountDialog } from "../../features/settings/components/create-account-dialog";
import { GeneralSettingsForm } from "../../features/settings/components/general-settings-form";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { useAccountSettings } from "../../features/settings/hooks/use-account-settings";
import { useTranslation } from "../../i18n";

/** /app/settings — general account settings; `?new-account=1` (the account menu) opens "New account". */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { account, canEdit, fetching, error, retry } = useAccountSettings();
  const [params, setParams] = useSearchParams();
  const creating = params.get("new-account") === "1";
  const setCreating = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set("new-account", "1");
        else p.delete("new-account");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    // Every settings page is as wide as the widest (Styling), so the heading and the tabs stay in
    // place from tab to tab (issue 28 screenshots); each page's content keeps its own measure (*:max-w-…).
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 *:max-w-3xl">
      <title>{`${t("settings:title")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("settings:title")}</h1>
        <SettingsNav />
      </div>
      <QueryState fetching={fetching} error={error} hasData={Boolean(account)} onRetry={retry} />
      {account ? (
        <>
          {canEdit ? null : <Alert kind="info">{t("settings:readOnly")}</Alert>}
          <GeneralSettingsForm key={account.id} account={account} canEdit={canEdit} />
          <NotificationSettings key={`notifications-${account.id}`} canEdit={canEdit} />
        </>
      ) : null}
      <div className="flex justify-end border-t border-slate-200 pt-6">
        <Button variant="secondary" onClick={() => setCreating(true)} data-testid="new-account">
          {t("settings:menu.newAccount")}
        </Button>
      </div>
      <CreateAccountDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
