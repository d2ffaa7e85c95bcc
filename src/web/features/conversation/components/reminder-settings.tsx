import { useMutation } from "urql";
import { REMINDER_DAYS_MAX, REMINDER_DAYS_MIN, ZQuoteReminderInput } from "../../../../shared/conversation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { UpdateQuoteReminderMutation } from "../operations";
import { formatMoment } from "./format";

type Reminder = { enabled: boolean; daysBefore: number; sentAt?: string | null; scheduledFor?: string | null };

/** The quote's reminder e-mail to the customer: on or off, and how many days before expiry. */
export function ReminderSettings({
  quoteId,
  reminder,
  hasCustomerEmail,
  locale,
  timeZone,
}: {
  quoteId: string;
  reminder: Reminder;
  hasCustomerEmail: boolean;
  locale: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const form = useZodForm(ZQuoteReminderInput, { enabled: reminder.enabled, daysBefore: reminder.daysBefore });
  const { register, formState, handleSubmit, reset } = form;
  const { errors } = formState;
  const [{ fetching }, update] = useMutation(UpdateQuoteReminderMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = await update({ id: quoteId, input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("conversation:reminder.saved"));
    reset(input);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="reminder-settings">
      <h3 className="font-semibold">{t("conversation:reminder.title")}</h3>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <CheckboxField label={t("conversation:reminder.enabled")} {...register("enabled")} data-testid="reminder-enabled" />
      <TextField
        label={t("conversation:reminder.days")}
        hint={t("conversation:reminder.daysHint")}
        type="number"
        inputMode="numeric"
        min={REMINDER_DAYS_MIN}
        max={REMINDER_DAYS_MAX}
        // The label and hint take the card's width; only the number field is narrow.
        className="[&_input]:max-w-32"
        error={errors.daysBefore?.message}
        {...register("daysBefore", { valueAsNumber: true })}
      />
      {!hasCustomerEmail ? <p className="text-sm text-amber-800">{t("conversation:reminder.noEmail")}</p> : null}
      {reminder.scheduledFor ? (
        <p className="text-sm text-slate-600" data-testid="reminder-scheduled">
          {t("conversation:reminder.scheduled", { date: formatMoment(reminder.scheduledFor, locale, timeZone) })}
        </p>
      ) : reminder.sentAt ? (
        <p className="text-sm text-slate-600">{t("conversation:reminder.sent", { date: formatMoment(reminder.sentAt, locale, timeZone) })}</p>
      ) : reminder.enabled ? (
        <p className="text-sm text-slate-600">{t("conversation:reminder.notScheduled")}</p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" busy={fetching} data-testid="reminder-save">
          {t("conversation:reminder.save")}
        </Button>
      </div>
    </form>
  );
}
