import { Link, data, useLoaderData } from "react-router";
import { paginate } from "../../../server/modules/marketing/marketing.server";
import { listPosts } from "../../../server/modules/marketing/content.server";
import { PageMeta } from "../../components/marketing/page-meta";
import { PostDate } from "../../components/marketing/post-date";
import { useLocalizedHref, useTranslation } from "../../i18n";
import type { Route } from "./+types/blog";

const BLOG_PAGE_SIZE = 3;

/** Latest posts first, BLOG_PAGE_SIZE per page (?page=2, …); a page that does not exist is a 404. */
export function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : Number.NaN;
  const result = paginate(listPosts(context.locale), page, BLOG_PAGE_SIZE);
  if (!result) throw data(null, { status: 404 });
  return result;
}

export default function BlogPage() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const { items, page, pages } = useLoaderData<typeof loader>();
  const title = page > 1 ? t("meta.blog.titlePage", { page }) : t("meta.blog.title");
  return (
    <>
      <PageMeta title={title} description={t("meta.blog.description")} />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("blog.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("blog.lead")}</p>
        {items.length === 0 ? <p className="mt-10 text-slate-600">{t("blog.empty")}</p> : null}
        <ul className="mt-10 space-y-10">
          {items.map((post) => (
            <li key={post.slug}>
              <article aria-labelledby={`post-${post.slug}`}>
                <p className="text-sm text-slate-500">
                  <PostDate date={post.date} /> · {t("blog.readingTime", { minutes: post.readingMinutes })}
                </p>
                <h2 id={`post-${post.slug}`} className="mt-1 text-2xl font-bold tracking-tight">
                  <Link to={href(`/blog/${post.slug}`)} className="hover:text-brand-700">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 leading-7 text-slate-700">{post.description}</p>
                <Link to={href(`/blog/${post.slug}`)} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
                  {t("blog.readMore", { title: post.title })}
                </Link>
              </article>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label={t("blog.pagination.label")} className="mt-12 flex items-center justify-between gap-4 border-t border-slate-200 pt-6 text-sm">
            {page > 1 ? (
              <Link to={page === 2 ? href("/blog") : `${href("/blog")}?page=${page - 1}`} rel="prev" className="font-semibold text-brand-700">
                ← {t("blog.pagination.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">{t("blog.pagination.page", { page, pages })}</span>
            {page < pages ? (
              <Link to={`${href("/blog")}?page=${page + 1}`} rel="next" className="font-semibold text-brand-700">
                {t("blog.pagination.next")} →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
