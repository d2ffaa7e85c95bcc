import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { AccountNotificationsQuery, UpdateAccountNotificationsMutation } from "../operations";

/**
 * Account settings: whether the owners get an e-mail when a customer signs or declines a quote.
 * A form of its own beside the general settings (one switch, one mutation).
 */
export function NotificationSettings({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: AccountNotificationsQuery });
  const saved = data?.account.notifyQuoteResponses;
  const [value, setValue] = useState<boolean | null>(null);
  const [{ fetching }, update] = useMutation(UpdateAccountNotificationsMutation);
  if (saved === undefined) return null;
  const checked = value ?? saved;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = await update({ notifyQuoteResponses: checked });
    if (result.error || !result.data) {
      toast.error(serverRefusal(result.error, t("errors.generic")).message);
      return;
    }
    setValue(null);
    toast.success(t("conversation:settings.saved"));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="notification-settings">
      <h2 className="text-lg font-semibold">{t("conversation:settings.title")}</h2>
      <CheckboxField
        label={t("conversation:settings.notifyResponses")}
        hint={t("conversation:settings.notifyHint")}
        checked={checked}
        disabled={!canEdit}
        onChange={(e) => setValue(e.target.checked)}
        data-testid="notify-quote-responses"
      />
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" busy={fetching} disabled={checked === saved} data-testid="notifications-save">
            {t("conversation:settings.save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
