import { CONVERSATION_TEXT_MAX, type PublicConversationStatus } from "../../../../shared/conversation";
import { useLocale, useTranslation } from "../../../i18n";
import type { PublicConversationData } from "../public-conversation.server";
import { formatCount } from "../../../../shared/format";
import { formatMoment } from "./format";

const GOOD: PublicConversationStatus[] = ["question-sent", "declined"];

/**
 * The customer's side on the public quote page: ask a question, or decline with a reason. Plain
 * server-rendered forms that work without JavaScript: they POST to the conversation routes, which
 * redirect back here with `?conversation=<status>#conversation`.
 */
export function PublicConversation(props: PublicConversationData) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { status } = props;
  const field =
    "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500";
  const message = status ? (
    <p
      role={GOOD.includes(status) ? "status" : "alert"}
      className={`rounded-md p-3 text-sm ${GOOD.includes(status) ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
      data-testid="public-conversation-status"
    >
      {t(`conversation:public.statuses.${status}`)}
    </p>
  ) : null;
  if (!props.open)
    return message ? (
      <section id="conversation" className="mt-10 print:hidden">
        {message}
      </section>
    ) : null;
  return (
    <section
      id="conversation"
      aria-labelledby="public-conversation-title"
      className="mt-10 space-y-5 border-t border-slate-200 pt-8 print:hidden"
      data-testid="public-conversation"
    >
      <h2 id="public-conversation-title" className="text-xl font-semibold tracking-tight">
        {props.declinedAt ? t("conversation:public.declinedTitle") : t("conversation:public.title")}
      </h2>
      {message}
      {props.declinedAt ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800" data-testid="public-declined">
          <p>{t("conversation:public.declinedOn", { date: formatMoment(props.declinedAt, locale, props.timeZone) })}</p>
          {props.declineReason ? <p className="mt-2 whitespace-pre-line break-words">{props.declineReason}</p> : null}
        </div>
      ) : null}
      <form method="post" action={props.questionAction} className="space-y-2" data-testid="public-question-form">
        <label htmlFor="public-question" className="block text-sm font-medium text-slate-800">
          {t("conversation:public.questionLabel")}
        </label>
        <textarea
          id="public-question"
          name="question"
          required
          rows={4}
          maxLength={CONVERSATION_TEXT_MAX}
          aria-describedby="public-question-hint"
          className={field}
        />
        <p id="public-question-hint" className="text-xs text-slate-500">
          {t("conversation:public.questionHint", { max: formatCount(CONVERSATION_TEXT_MAX, locale) })}
        </p>
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          data-testid="public-question-submit"
        >
          {t("conversation:public.questionSubmit")}
        </button>
      </form>
      {props.declinedAt || !props.canDecline ? null : (
        <details className="rounded-md border border-slate-200 p-4" data-testid="public-decline">
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">{t("conversation:public.declineSummary")}</summary>
          <form method="post" action={props.declineAction} className="mt-3 space-y-2" data-testid="public-decline-form">
            <p className="text-sm text-slate-600">{t("conversation:public.declineIntro")}</p>
            <label htmlFor="public-decline-reason" className="block text-sm font-medium text-slate-800">
              {t("conversation:public.reasonLabel")}
            </label>
            <textarea id="public-decline-reason" name="reason" rows={3} maxLength={CONVERSATION_TEXT_MAX} className={field} />
            <button
              type="submit"
              className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              data-testid="public-decline-submit"
            >
              {t("conversation:public.declineSubmit")}
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
