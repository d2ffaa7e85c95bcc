import { Link, data, useLoaderData } from "react-router";
import { similarPosts, summary } from "../../../server/modules/marketing/marketing.server";
import { allPosts, getPost } from "../../../server/modules/marketing/content.server";
import { JsonLd } from "../../components/marketing/json-ld";
import { PageMeta } from "../../components/marketing/page-meta";
import { Prose } from "../../components/marketing/prose";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { PostDate } from "../../components/marketing/post-date";
import type { Route } from "./+types/blog-post";

/** The post, rendered to HTML here on the server, and up to three posts sharing its tags. */
export function loader({ params, context }: Route.LoaderArgs) {
  const post = getPost(context.locale, params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post, similar: similarPosts(post, allPosts()).map(summary), publicUrl: context.publicConfig.publicUrl };
}

export default function BlogPostPage() {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const { post, similar, publicUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <PageMeta title={`${post.title} · Offerly`} description={post.description} type="article" />
      <meta property="article:published_time" content={post.date} />
      <meta property="article:modified_time" content={post.updated} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          dateModified: post.updated,
          inLanguage: post.locale,
          keywords: post.tags.join(", "),
          mainEntityOfPage: `${publicUrl}${href(`/blog/${post.slug}`)}`,
          author: { "@type": "Organization", name: "Offerly" },
          publisher: { "@type": "Organization", name: "Offerly" },
        }}
      />
      <article className="mx-auto max-w-3xl px-4 py-14">
        <Link to={href("/blog")} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {t("blog.back")}
        </Link>
        <header className="mt-6">
          <h1 className="text-4xl font-extrabold tracking-tight">{post.title}</h1>
          <p className="mt-3 text-sm text-slate-500">
            <span className="sr-only">{t("blog.published")}: </span>
            <PostDate date={post.date} /> · {t("blog.readingTime", { minutes: post.readingMinutes })}
          </p>
          <p className="mt-4 text-lg leading-8 text-slate-700">{post.description}</p>
        </header>
        <Prose html={post.html} className="mt-8" />
        <p className="mt-10 flex flex-wrap gap-2 text-xs" data-testid="post-tags">
          <span className="sr-only" data-testid="post-tags-label">
            {t("blog.tags")}:{" "}
          </span>
          {post.tags.map((tag) => (
            <span key={tag} data-testid="post-tag" className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">
              {tag}
            </span>
          ))}
        </p>
      </article>
      {similar.length > 0 ? (
        <aside aria-labelledby="similar" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-3xl px-4 py-12">
            <h2 id="similar" className="text-2xl font-bold tracking-tight">
              {t("blog.similar")}
            </h2>
            <ul className="mt-6 space-y-6" data-testid="similar-posts">
              {similar.map((other) => (
                <li key={other.slug}>
                  <Link to={href(`/blog/${other.slug}`)} className="text-lg font-semibold hover:text-brand-700">
                    {other.title}
                  </Link>
                  <p className="mt-1 text-sm text-slate-600">{other.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      ) : null}
    </>
  );
}
