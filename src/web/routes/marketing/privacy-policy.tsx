import { data, useLoaderData } from "react-router";
import { getContentPage } from "../../../server/modules/marketing/content.server";
import { PageMeta } from "../../components/marketing/page-meta";
import { Prose } from "../../components/marketing/prose";
import { useTranslation } from "../../i18n";
import { PostDate } from "../../components/marketing/post-date";
import type { Route } from "./+types/privacy-policy";

/** The policy is Markdown in content/pages/<locale>/privacy-policy.md, rendered here on the server. */
export function loader({ context }: Route.LoaderArgs) {
  const page = getContentPage(context.locale, "privacy-policy");
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function PrivacyPolicyPage() {
  const { t } = useTranslation("marketing");
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageMeta title={t("meta.privacy.title")} description={t("meta.privacy.description")} />
      <article className="mx-auto max-w-3xl px-4 py-14">
        <h1 className="text-4xl font-extrabold tracking-tight">{page.title}</h1>
        <p className="mt-3 text-sm text-slate-500">
          {t("privacy.updated")}: <PostDate date={page.updated} />
        </p>
        <Prose html={page.html} className="mt-6" />
      </article>
    </>
  );
}
