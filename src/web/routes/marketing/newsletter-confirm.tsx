import { data, useActionData, useLoaderData } from "react-router";
import { confirmNewsletter } from "../../../server/modules/marketing/marketing.server";
import { ZLinkToken } from "../../../shared/marketing/schemas";
import { NewsletterLinkPage } from "../../components/marketing/newsletter-link-page";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: ZLinkToken.safeParse(token).success ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await request.formData()).get("token");
  const parsed = ZLinkToken.safeParse(token);
  const { db, mail, config, log } = context.ctx;
  const outcome = parsed.success ? await confirmNewsletter({ db, mail, config, log }, parsed.data) : "invalid";
  return data({ outcome: outcome === "confirmed" ? ("done" as const) : ("invalid" as const) }, { status: outcome === "confirmed" ? 200 : 400 });
}

export default function NewsletterConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  return <NewsletterLinkPage kind="confirm" token={token} result={useActionData<typeof action>()} />;
}
