import { describe, expect, it } from "vitest";
import { buildRobots, buildSitemap, newest } from "./sitemap";

describe("sitemap", () => {
  it("writes one <url> per page and language, each with every language as an alternate", () => {
    const xml = buildSitemap("https://offerly.example", [{ path: "/pricing", lastmod: "2026-01-02" }]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...["https://offerly.example/pricing", "https://offerly.example/nl/pricing"].flatMap((loc) => [
          "  <url>",
          `    <loc>${loc}</loc>`,
          "    <lastmod>2026-01-02</lastmod>",
          '    <xhtml:link rel="alternate" hreflang="en" href="https://offerly.example/pricing"/>',
          '    <xhtml:link rel="alternate" hreflang="nl" href="https://offerly.example/nl/pricing"/>',
          '    <xhtml:link rel="alternate" hreflang="x-default" href="https://offerly.example/pricing"/>',
          "  </url>",
        ]),
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("maps the home page to / and /nl, and escapes XML", () => {
    const xml = buildSitemap("https://x.example", [
      { path: "/", lastmod: "2026-01-02" },
      { path: "/blog/a&b", lastmod: "2026-01-02" },
    ]);
    expect(xml).toContain("<loc>https://x.example/nl</loc>");
    expect(xml).toContain("<loc>https://x.example/blog/a&amp;b</loc>");
  });

  it("writes robots.txt with the disallowed areas and the sitemap", () => {
    expect(buildRobots("https://offerly.example")).toBe(
      "User-agent: *\nDisallow: /app\nDisallow: /nl/app\nDisallow: /quote/\nDisallow: /nl/quote/\nDisallow: /graphql\n\nSitemap: https://offerly.example/sitemap.xml\n",
    );
  });

  it("picks the newest date", () => {
    expect(newest(["2026-01-02", "2026-03-01", "2025-12-31"])).toBe("2026-03-01");
  });
});
