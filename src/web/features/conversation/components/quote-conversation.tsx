import { useQuery } from "urql";
import { QueryState } from "../../../components/ui/query-state";
import { useLocale, useTranslation } from "../../../i18n";
import { QuoteConversationQuery } from "../operations";
import { ConversationList } from "./conversation-list";
import { DeclinedNotice } from "./declined-notice";
import { ReminderSettings } from "./reminder-settings";
import { SendToCustomer } from "./send-to-customer";

/**
 * The quote page's conversation section: "Declined" when the customer declined, sending the link,
 * the reminder setting, and the conversation (questions with answers, declines, sends, reminders).
 */
export function QuoteConversation({ quoteId }: { quoteId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteConversationQuery, variables: { id: quoteId } });
  const quote = data?.quote;
  const conversation = quote;
  if (!quote || !conversation)
    return <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />;
  const customerEmail = quote.customer?.email ?? null;
  // Every time shown to the owner is in the account's time zone.
  const timeZone = data?.account?.timeZone ?? "UTC";
  return (
    <section aria-labelledby="conversation-title" className="space-y-4" data-testid="quote-conversation">
      {conversation.decline ? <DeclinedNotice decline={conversation.decline} locale={locale} timeZone={timeZone} /> : null}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <SendToCustomer
          key={customerEmail ?? ""}
          quoteId={quote.id}
          customerEmail={customerEmail}
          canSend={quote.lifecycle.actions.includes("SEND")}
          declined={Boolean(conversation.decline)}
          displayStatus={quote.displayStatus}
        />
        {quote.lifecycle.actions.includes("EDIT_REMINDER") ? (
          <ReminderSettings
            key={`${conversation.reminder.enabled}-${conversation.reminder.daysBefore}`}
            quoteId={quote.id}
            reminder={conversation.reminder}
            hasCustomerEmail={customerEmail !== null}
            locale={locale}
            timeZone={timeZone}
          />
        ) : null}
      </div>
      <div>
        <h2 id="conversation-title" className="text-lg font-semibold">
          {t("conversation:panel.title")}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t("conversation:panel.intro")}</p>
        <ConversationList entries={conversation.conversation} locale={locale} timeZone={timeZone} />
      </div>
    </section>
  );
}
