import { data, redirect } from "react-router";
import { PublicQuotePage } from "../../features/public-quote/components/public-quote-page";
import { QuoteUnavailable } from "../../features/public-quote/components/quote-unavailable";
import { type PublicQuoteAnswer, resolvePublicQuotePage } from "../../features/public-quote/public-quote.server";
import { useServerData } from "../../server-data";
import type { Route } from "./+types/public-quote";

/** No hydration: the page ships only its island script (decision 023), not the app bundle. */
export const handle = { hydrate: false };

/** The key of the page's data in the request's server data (decision 095). */
const PAGE = "publicQuote";

/**
 * The public quote link (SPEC §2). One read-model call per load; availability is checked on every
 * request: unknown, draft or withdrawn → not available (404), past the expiration date → expired (410).
 * The page's data goes to its component through the request's server data, not as loader data:
 * the page is never hydrated, so React Router need not encode it (decision 095). A customer's
 * available page is mostly rendered without React Router (decision 096, entry.server.tsx
 * `renderPublicQuote`); this route renders the rest, and everything in development.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const answer = await resolvePublicQuotePage(context, params.slug, params.nanoId);
  if (answer.kind === "unavailable") return data({ availability: answer.availability }, { status: answer.status });
  if (answer.kind === "redirect") throw redirect(answer.location);
  if (!context.serverData) throw new Error("the public page is rendered on the server only, with its request's server data");
  context.serverData[PAGE] = answer;
  return { availability: answer.page.availability };
}

export default function PublicQuoteRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.availability !== "AVAILABLE") return <QuoteUnavailable availability={loaderData.availability} />;
  return <AvailableQuote />;
}

function AvailableQuote() {
  const { page, pdfHref } = useServerData<Extract<PublicQuoteAnswer, { kind: "page" }>>(PAGE);
  return <PublicQuotePage quote={page.quote} islandSrc={page.islandSrc} conversation={page.conversation} pdfHref={pdfHref} />;
}
