import { useMutation } from "urql";
import { CONVERSATION_TEXT_MAX, ZAnswerInput } from "../../../../shared/conversation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { QuoteConversationFragment } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { AnswerQuoteQuestionMutation } from "../operations";
import { formatCount } from "../../../../shared/format";
import { formatMoment } from "./format";

type Entry = QuoteConversationFragment["conversation"][number];

function AnswerForm({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useZodForm(ZAnswerInput, { answer: "" });
  const { register, formState, handleSubmit } = form;
  const { errors } = formState;
  const [{ fetching }, answer] = useMutation(AnswerQuoteQuestionMutation);
  const onSubmit = handleSubmit(async (input) => {
    const result = await answer({ id: questionId, answer: input.answer });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("conversation:panel.answered"));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-2" data-testid="answer-form">
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextAreaField
        label={t("conversation:panel.answerLabel")}
        hint={t("conversation:panel.answerHint", { max: formatCount(CONVERSATION_TEXT_MAX, locale) })}
        rows={3}
        maxLength={CONVERSATION_TEXT_MAX}
        error={errors.answer?.message}
        {...register("answer")}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={fetching} data-testid="answer-submit">
          {t("conversation:panel.answerSubmit")}
        </Button>
      </div>
    </form>
  );
}

function EntryTitle({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  switch (entry.kind) {
    case "QUESTION":
      return <>{t("conversation:panel.question")}</>;
    case "DECLINE":
      return <>{t("conversation:panel.decline")}</>;
    case "SENT":
      return <>{t("conversation:panel.sent", { email: entry.email ?? "" })}</>;
    case "REMINDER":
      return <>{t("conversation:panel.reminder", { email: entry.email ?? "" })}</>;
  }
}

const ACCENT: Record<Entry["kind"], string> = {
  QUESTION: "border-l-brand-600",
  DECLINE: "border-l-red-600",
  SENT: "border-l-slate-400",
  REMINDER: "border-l-slate-400",
};

/** The conversation, oldest first: questions with their answer (or a form to answer), declines, sends, reminders. */
export function ConversationList({ entries, locale, timeZone }: { entries: readonly Entry[]; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  if (!entries.length) return <p className="text-sm text-slate-600">{t("conversation:panel.empty")}</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={`rounded-lg border border-slate-200 border-l-4 bg-white p-4 ${ACCENT[entry.kind]}`}
          data-testid={`conversation-${entry.kind.toLowerCase()}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-medium text-slate-900">
              <EntryTitle entry={entry} />
            </p>
            <p className="text-xs text-slate-500" data-testid="conversation-time">
              {formatMoment(entry.createdAt, locale, timeZone)}
            </p>
          </div>
          {entry.kind === "DECLINE" && !entry.active ? <p className="mt-1 text-xs text-slate-500">{t("conversation:panel.earlierDecline")}</p> : null}
          {entry.text ? (
            <p className="mt-2 whitespace-pre-line break-words text-slate-800">{entry.text}</p>
          ) : entry.kind === "DECLINE" ? (
            <p className="mt-2 italic text-slate-600">{t("conversation:panel.noReason")}</p>
          ) : null}
          {entry.kind === "QUESTION" ? (
            entry.answer ? (
              <div className="mt-3 rounded-md bg-slate-50 p-3" data-testid="conversation-answer">
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("conversation:panel.answer")}</p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800">{entry.answer}</p>
                {entry.answeredAt ? (
                  <p className="mt-1 text-xs text-slate-500">
                    {t("conversation:panel.answeredAt", { date: formatMoment(entry.answeredAt, locale, timeZone), email: entry.answerEmail ?? "" })}
                  </p>
                ) : null}
              </div>
            ) : (
              <AnswerForm questionId={entry.id} />
            )
          ) : null}
        </li>
      ))}
    </ol>
  );
}
