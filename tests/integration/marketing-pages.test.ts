import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ssr: true });
});
afterAll(async () => {
  await t.close();
});

const BASE = "http://offerly.test";
const POSTS = ["anatomy-of-a-winning-quote", "how-to-present-your-price", "follow-up-without-being-pushy", "seven-quote-mistakes"];
const PAGES = ["/", "/features", "/pricing", "/faq", "/contact", "/blog", "/privacy-policy", ...POSTS.map((s) => `/blog/${s}`)];
const nl = (path: string) => (path === "/" ? "/nl" : `/nl${path}`);

async function page(path: string) {
  const response = await t.fetch(path, { headers: { "accept-language": "en" } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const meta = (html: string, key: string) => attr(html, new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`));

describe("every public page in both languages", () => {
  for (const path of PAGES) {
    for (const [locale, url] of [
      ["en", path],
      ["nl", nl(path)],
    ] as const) {
      it(`${url} answers 200 in ${locale} with lang, canonical, hreflang, title, description and social cards`, async () => {
        const { status, html } = await page(url);
        expect(status).toBe(200);
        expect(attr(html, /<html lang="([^"]+)"/)).toBe(locale);
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(BASE + url);
        expect(attr(html, /<link rel="alternate" hrefLang="en" href="([^"]+)"/)).toBe(BASE + path);
        expect(attr(html, /<link rel="alternate" hrefLang="nl" href="([^"]+)"/)).toBe(BASE + nl(path));
        expect(attr(html, /<link rel="alternate" hrefLang="x-default" href="([^"]+)"/)).toBe(BASE + path);
        const title = attr(html, /<title>([^<]+)<\/title>/);
        expect(title).toMatch(/Offerly/);
        expect(meta(html, "description")!.length).toBeGreaterThan(40);
        expect(meta(html, "og:title")).toBe(title!.replace(/&amp;/g, "&"));
        expect(meta(html, "og:url")).toBe(BASE + url);
        expect(meta(html, "og:locale")).toBe(locale === "nl" ? "nl_NL" : "en_GB");
        expect(meta(html, "og:image")).toMatch(/^http:\/\/offerly\.test\/assets\/og-image-.*\.jpg$/);
        expect(meta(html, "twitter:card")).toBe("summary_large_image");
        expect(html).not.toContain('name="robots" content="noindex"');
        expect(html.match(/<h1[ >]/g)).toHaveLength(1);
      });
    }
  }

  it("gives each page its own title and description per language", async () => {
    const seen = new Set<string>();
    for (const path of PAGES.flatMap((p) => [p, nl(p)])) {
      const { html } = await page(path);
      const key = `${attr(html, /<title>([^<]+)<\/title>/)}|${meta(html, "description")}`;
      expect(seen.has(key), `${path} repeats another page's title and description`).toBe(false);
      seen.add(key);
    }
  });

  it("shows the call to action on the home page in both languages", async () => {
    expect((await page("/")).html).toContain("14-day free trial, no credit card needed");
    expect((await page("/nl")).html).toContain("14 dagen gratis proberen, geen creditcard nodig");
  });

  it("shows an example quote for a customer of the page's language (issue 28: the English one was Dutch)", async () => {
    const en = (await page("/")).html;
    expect(en).toContain("Harbour Bakery");
    expect(en).not.toMatch(/Bakkerij|Dorpsstraat|Ergens/);
    const nl = (await page("/nl")).html;
    expect(nl).toContain("Bakkerij de Vries");
    expect(nl).not.toContain("Harbour Bakery");
  });

  it("renders pricing from the plans module: monthly by default, yearly with ?interval=yearly, excl. VAT", async () => {
    const monthly = (await page("/pricing")).html;
    expect(monthly).toMatch(/data-testid="price-BASIC"[^>]*>€49</);
    expect(monthly).toMatch(/data-testid="price-PRO"[^>]*>€99</);
    expect(monthly).toContain("excl. VAT");
    const yearly = (await page("/pricing?interval=yearly")).html;
    expect(yearly).toMatch(/data-testid="price-BASIC"[^>]*>€490</);
    expect(yearly).toMatch(/data-testid="price-PRO"[^>]*>€990</);
    const dutch = (await page("/nl/pricing?interval=yearly")).html;
    expect(dutch).toMatch(/data-testid="price-BASIC"[^>]*>€\s?490</);
    expect(dutch).toContain("excl. btw");
  });

  it("marks the features that are not built yet as coming soon", async () => {
    const { html } = await page("/features");
    for (const name of ["Slack", "Harvest", "Zapier", "DocuSign", "Custom domain", "Watermark"]) expect(html).toContain(name);
    // Every feature a plan sells is built now (issues 24–26): nothing says "Coming soon".
    expect(html).not.toContain("Coming soon");
    for (const feature of ["docusign", "customDomain"]) {
      const badge = new RegExp(
        `data-testid="feature-badges-${feature}"[^>]*data-available="(\\w+)"|data-available="(\\w+)"[^>]*data-testid="feature-badges-${feature}"`,
      ).exec(html);
      expect(badge?.[1] ?? badge?.[2], feature).toBe("true");
    }
    const card = (key: string) => new RegExp(`data-testid="integration-${key}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
    for (const key of ["slack", "harvest", "zapier"]) {
      expect(card(key), key).toContain("Basic");
      expect(card(key), key).not.toContain("Coming soon");
    }
    expect(card("docusign")).toContain("Pro");
    expect(card("docusign")).not.toContain("Coming soon");
    expect(html).not.toContain("None of these integrations is available yet");
  });

  it("answers which integrations there are in the FAQ, in English and Dutch", async () => {
    const english = (await page("/faq")).html;
    expect(english).toContain("Which integrations are there?");
    const dutch = (await page("/nl/faq")).html;
    expect(dutch).toContain("Welke koppelingen zijn er?");
    // The custom domain's two DNS records in plain words (issue 25).
    expect(english).toContain("How do I show my quotes on my own domain?");
    expect(english).toContain("_offerly");
    expect(dutch).toContain("Hoe toon ik mijn offertes op mijn eigen domein?");
    for (const html of [english, dutch]) for (const name of ["Slack", "Harvest", "Zapier"]) expect(html).toContain(name);
    // Answers that said signing, PDFs and tracking were "coming soon" after they had landed.
    expect(english).not.toMatch(/Tracking is coming soon|signing online are coming soon/);
    expect(dutch).not.toMatch(/Statistieken komen binnenkort|online ondertekenen komen binnenkort/);
  });

  it("puts FAQPage structured data on /faq: a data block, which the stored page's CSP need not allow", async () => {
    const { html, headers } = await page("/nl/faq");
    const script = /<script type="application\/ld\+json"(?: nonce="[^"]+")?>([^<]+)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    // The page is stored bytes (decision 092): no nonce anywhere; browsers never run a data block,
    // so its CSP allows no inline script at all.
    expect(html).not.toContain(" nonce=");
    expect(headers.get("content-security-policy")).not.toContain("'nonce-");
    const data = JSON.parse(script![1]);
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.length).toBeGreaterThanOrEqual(8);
    expect(data.mainEntity[0]).toMatchObject({ "@type": "Question", name: "Hoe werkt de gratis proefperiode?", acceptedAnswer: { "@type": "Answer" } });
    // The accordion is native <details>: keyboard-operable without JavaScript.
    expect(html.match(/<details class="group" data-testid="faq-/g)!.length).toBe(data.mainEntity.length);
  });

  it("renders blog Markdown on the server, with similar posts by shared tags", async () => {
    const { html } = await page("/blog/anatomy-of-a-winning-quote");
    expect(html).toContain("<h2>1. Start with their situation, not with you</h2>");
    expect(html).toContain('data-testid="similar-posts"');
    expect(html).toContain('href="/blog/seven-quote-mistakes"');
    const dutch = (await page("/nl/blog/anatomy-of-a-winning-quote")).html;
    expect(dutch).toContain('href="/nl/blog/seven-quote-mistakes"');
  });

  it("paginates the blog, newest first", async () => {
    const first = (await page("/blog")).html;
    expect(first.indexOf("seven-quote-mistakes")).toBeLessThan(first.indexOf("follow-up-without-being-pushy"));
    expect(first).toContain('href="/blog?page=2"');
    expect(first).not.toContain('href="/blog/anatomy-of-a-winning-quote"');
    const second = await page("/blog?page=2");
    expect(second.status).toBe(200);
    expect(second.html).toContain('href="/blog/anatomy-of-a-winning-quote"');
    expect((await page("/blog?page=99")).status).toBe(404);
    expect((await page("/blog?page=abc")).status).toBe(404);
  });
});

describe("bad paths", () => {
  it("answers an unknown blog slug with the 404 page showing the path, in both languages", async () => {
    const en = await page("/blog/no-such-post");
    expect(en.status).toBe(404);
    expect(en.html).toContain("Page Not Found: /blog/no-such-post");
    const dutch = await page("/nl/blog/no-such-post");
    expect(dutch.status).toBe(404);
    expect(dutch.html).toContain("Pagina niet gevonden: /nl/blog/no-such-post");
  });

  it("does not serve an English post under a made-up path", async () => {
    expect((await page("/blog/..%2Fprivacy-policy")).status).toBe(404);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page and blog post in both languages, with hreflang alternates and lastmod", async () => {
    const response = await t.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "xhtml:link" }).parse(xml);
    expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(parsed.urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const urls = parsed.urlset.url as { loc: string; lastmod: string; "xhtml:link": { "@_rel": string; "@_hreflang": string; "@_href": string }[] }[];
    const expected = PAGES.flatMap((p) => [BASE + p, BASE + nl(p)]).sort();
    expect(urls.map((u) => u.loc).sort()).toEqual(expected);
    for (const url of urls) {
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const path = url.loc.slice(BASE.length).replace(/^\/nl(?=\/|$)/, "") || "/";
      expect(url["xhtml:link"].map((l) => [l["@_rel"], l["@_hreflang"], l["@_href"]])).toEqual([
        ["alternate", "en", BASE + path],
        ["alternate", "nl", BASE + nl(path)],
        ["alternate", "x-default", BASE + path],
      ]);
    }
    // Every listed page really exists.
    for (const url of urls) expect((await page(url.loc.slice(BASE.length))).status, url.loc).toBe(200);
  });

  it("takes a blog post's lastmod from its front matter", async () => {
    const xml = await (await t.fetch("/sitemap.xml")).text();
    expect(xml).toMatch(/<loc>http:\/\/offerly\.test\/blog\/seven-quote-mistakes<\/loc>\s*<lastmod>2026-11-10<\/lastmod>/);
  });

  it("serves robots.txt with the disallowed areas and the sitemap at PUBLIC_URL", async () => {
    const response = await t.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const path of ["/app", "/nl/app", "/quote/", "/nl/quote/", "/graphql"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain("Sitemap: http://offerly.test/sitemap.xml");
  });

  it("keeps app and auth pages out of search engines", async () => {
    for (const path of ["/auth/sign-in", "/nl/auth/sign-in", "/newsletter/confirm", "/nl/newsletter/unsubscribe"]) {
      expect((await page(path)).html, path).toContain('name="robots" content="noindex"');
    }
  });
});
