import type { Database } from "../../../server/db/client";
import { getPublicConversation } from "../../../server/modules/conversation/conversation.server";
import { PUBLIC_CONVERSATION_STATUSES, type PublicConversationStatus } from "../../../shared/conversation";
import { isOneOf } from "../../../shared/enums";
import { localizePath } from "../../../shared/locales";

export type PublicConversationData = {
  /** Where the two plain forms post (routes in server/modules/conversation/conversation.routes.ts). */
  questionAction: string;
  declineAction: string;
  /** The customer may still ask and decline (published; the page shows nothing else anyway). */
  open: boolean;
  /** The customer may still decline (not declined, nobody signed this version: src/shared/quote-state.ts). */
  canDecline: boolean;
  declinedAt: string | null;
  /** The time zone the customer's times are shown in (the sending account's). */
  timeZone: string;
  declineReason: string | null;
  /** The message after a form's redirect (`?conversation=…`), null otherwise. */
  status: PublicConversationStatus | null;
};

/**
 * The public quote page's conversation part, for its loader: the forms' addresses, the active
 * decline and the status the last form post redirected with.
 */
export async function loadPublicConversation(
  db: Database,
  quote: { id: string; slug: string; nanoId: string; language: string; status: string },
  requestUrl: string,
  /** The decline and time zone when the quote's own read brought them (decision 085): then no statement here. */
  read?: { declinedAt: string | null; declineReason: string | null; timeZone: string },
): Promise<PublicConversationData> {
  const base = localizePath(`/quote/${quote.slug}/${quote.nanoId}`, quote.language === "NL" ? "nl" : "en");
  const { declinedAt, declineReason, timeZone } = read ?? (await getPublicConversation(db, quote.id));
  const status = new URL(requestUrl).searchParams.get("conversation");
  return {
    questionAction: `${base}/question`,
    declineAction: `${base}/decline`,
    open: quote.status === "PUBLISHED",
    canDecline: quote.status === "PUBLISHED" && !declinedAt,
    declinedAt,
    timeZone,
    declineReason,
    status: isOneOf(PUBLIC_CONVERSATION_STATUSES, status) ? status : null,
  };
}
