import { LOCALES, DEFAULT_LOCALE, localizePath } from "../../../shared/locales";

/**
 * The public pages of the marketing site and when their content last changed (the sitemap's
 * lastmod: update the date when you change a page's text). Blog posts and the privacy policy
 * take their dates from their front matter.
 */
export const STATIC_PAGES: readonly { path: string; lastmod: string }[] = [
  { path: "/", lastmod: "2026-11-22" },
  { path: "/features", lastmod: "2026-11-22" },
  { path: "/pricing", lastmod: "2026-11-22" },
  { path: "/faq", lastmod: "2026-11-22" },
  { path: "/contact", lastmod: "2026-11-22" },
];

export type SitemapEntry = { path: string; lastmod: string };

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * One <url> per page per language, each listing every language version (and x-default) as
 * xhtml:link alternates — the form Google documents for localized sitemaps.
 */
export function buildSitemap(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(publicUrl + localizePath(entry.path, alt))}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(publicUrl + localizePath(entry.path, DEFAULT_LOCALE))}"/>`,
      ];
      return [
        "  <url>",
        `    <loc>${escapeXml(publicUrl + localizePath(entry.path, locale))}</loc>`,
        `    <lastmod>${entry.lastmod}</lastmod>`,
        ...alternates,
        "  </url>",
      ].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Paths crawlers must stay out of: the app, public quotes (secret links) and the API. */
export const DISALLOWED = ["/app", "/nl/app", "/quote/", "/nl/quote/", "/graphql"];

export function buildRobots(publicUrl: string): string {
  return ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}

/** The newest of some YYYY-MM-DD dates. */
export function newest(dates: string[]): string {
  // biome-ignore lint/complexity/useMathMinMax: these are strings (ISO dates), not numbers
  return dates.reduce((a, b) => (b > a ? b : a));
}
