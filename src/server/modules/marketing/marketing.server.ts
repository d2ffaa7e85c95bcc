/**
 * What page loaders and actions (src/web) may call in the marketing domain. The `.server.ts` name
 * keeps it out of the browser bundle; src/web imports src/server only through such files
 * (tests/unit/imports.test.ts).
 */
export { paginate, similarPosts, summary } from "./blog";
export { confirmNewsletter, unsubscribeFromNewsletter } from "./marketing.service";
export { STATIC_PAGES, type SitemapEntry, buildRobots, buildSitemap, newest } from "./sitemap";
