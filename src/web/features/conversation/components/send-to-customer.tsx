import { useState } from "react";
import { useMutation } from "urql";
import { CONVERSATION_TEXT_MAX, ZSendQuoteInput } from "../../../../shared/conversation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useLocale, useTranslation } from "../../../i18n";
import { formatCount } from "../../../../shared/format";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { SendQuoteToCustomerMutation } from "../operations";

/** The owner e-mails the quote's link to the customer (address pre-filled, editable) with a personal message. */
export function SendToCustomer({
  quoteId,
  customerEmail,
  canSend,
  declined,
  displayStatus,
}: {
  quoteId: string;
  customerEmail: string | null;
  canSend: boolean;
  declined: boolean;
  displayStatus?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const form = useZodForm(ZSendQuoteInput, { email: customerEmail ?? "", message: "" });
  const { register, formState, handleSubmit, reset } = form;
  const { errors } = formState;
  const [{ fetching }, send] = useMutation(SendQuoteToCustomerMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = await send({ id: quoteId, input: { email: input.email, message: input.message } });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("conversation:send.sent"));
    reset({ email: input.email, message: "" });
    setOpen(false);
  });

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="send-to-customer">
      <h3 className="font-semibold">{t("conversation:send.title")}</h3>
      {!canSend ? (
        <p className="mt-1 text-sm text-slate-600">
          {declined
            ? t("conversation:send.declined")
            : displayStatus === "SIGNED"
              ? t("conversation:send.signed")
              : displayStatus === "EXPIRED"
                ? t("conversation:send.expired")
                : t("conversation:send.onlyPublished")}
        </p>
      ) : !open ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("conversation:send.intro")}</p>
          <Button className="mt-3" onClick={() => setOpen(true)} data-testid="send-open">
            {t("conversation:send.open")}
          </Button>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
          {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
          <TextField
            label={t("conversation:send.email")}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextAreaField
            label={t("conversation:send.message")}
            hint={t("conversation:send.messageHint", { max: formatCount(CONVERSATION_TEXT_MAX, locale) })}
            rows={4}
            maxLength={CONVERSATION_TEXT_MAX}
            error={errors.message?.message}
            {...register("message")}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("conversation:send.cancel")}
            </Button>
            <Button type="submit" busy={fetching} data-testid="send-submit">
              {t("conversation:send.submit")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
