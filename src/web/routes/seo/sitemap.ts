import { listPosts, getContentPage } from "../../../server/modules/marketing/content.server";
import { STATIC_PAGES, type SitemapEntry, buildSitemap, newest } from "../../../server/modules/marketing/marketing.server";
import type { Route } from "./+types/sitemap";

/**
 * /sitemap.xml: a React Router resource route rather than a Hono route, because the blog content
 * is bundled into the React Router server build (Vite) and this keeps it in one place.
 */
export function loader({ context }: Route.LoaderArgs) {
  const posts = listPosts("en");
  const latestPost = (slug: string) =>
    newest(
      ["en", "nl"].flatMap((l) =>
        listPosts(l as "en" | "nl")
          .filter((p) => p.slug === slug)
          .map((p) => p.updated),
      ),
    );
  const privacy = newest([getContentPage("en", "privacy-policy")!.updated, getContentPage("nl", "privacy-policy")!.updated]);
  const entries: SitemapEntry[] = [
    ...STATIC_PAGES,
    { path: "/blog", lastmod: newest([...posts.map((p) => p.updated), ...listPosts("nl").map((p) => p.updated)]) },
    { path: "/privacy-policy", lastmod: privacy },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: latestPost(post.slug) })),
  ];
  return new Response(buildSitemap(context.publicConfig.publicUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
