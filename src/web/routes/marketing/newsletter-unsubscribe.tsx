import { data, useActionData, useLoaderData } from "react-router";
import { unsubscribeFromNewsletter } from "../../../server/modules/marketing/marketing.server";
import { ZLinkToken } from "../../../shared/marketing/schemas";
import { NewsletterLinkPage } from "../../components/marketing/newsletter-link-page";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: ZLinkToken.safeParse(token).success ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ZLinkToken.safeParse((await request.formData()).get("token"));
  const outcome = parsed.success ? await unsubscribeFromNewsletter({ db: context.ctx.db }, parsed.data) : "invalid";
  return data({ outcome: outcome === "unsubscribed" ? ("done" as const) : ("invalid" as const) }, { status: outcome === "unsubscribed" ? 200 : 400 });
}

export default function NewsletterUnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  return <NewsletterLinkPage kind="unsubscribe" token={token} result={useActionData<typeof action>()} />;
}
