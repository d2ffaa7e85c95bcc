import { describe, expect, it } from "vitest";
import { type BlogPostSummary, paginate, parsePost, renderMarkdown, similarPosts, sortPosts, splitFrontMatter } from "./blog";
import { allPosts, getContentPage, listPosts } from "./content.server";

const raw = (fm: string, body = "Hello **world**.\n") => `---\n${fm}\n---\n${body}`;
const GOOD = 'title: "A post"\ndescription: "About quotes"\ndate: 2026-05-01\ntags: [Pricing, sales]\nlanguage: en';

function post(slug: string, date: string, tags: string[], locale: "en" | "nl" = "en"): BlogPostSummary {
  return { slug, locale, title: slug, description: "", date, updated: date, tags, readingMinutes: 1 };
}

describe("blog front matter", () => {
  it("parses front matter and renders the Markdown body to HTML", () => {
    const p = parsePost("/content/blog/en/a-post.md", raw(GOOD));
    expect(p).toMatchObject({ slug: "a-post", locale: "en", title: "A post", date: "2026-05-01", updated: "2026-05-01", tags: ["pricing", "sales"] });
    expect(p.html).toBe("<p>Hello <strong>world</strong>.</p>\n");
  });

  it("keeps YAML dates as strings and takes `updated` as the last change", () => {
    expect(splitFrontMatter(raw("date: 2026-05-01")).data).toEqual({ date: "2026-05-01" });
    expect(parsePost("en/a.md", raw(`${GOOD}\nupdated: 2026-06-02`)).updated).toBe("2026-06-02");
  });

  it("refuses a file without front matter, with missing fields, or in the wrong folder", () => {
    expect(() => parsePost("en/a.md", "# no front matter")).toThrow(/missing front matter/);
    expect(() => parsePost("en/a.md", raw('title: "x"\nlanguage: en'))).toThrow(/description.*date.*tags|invalid front matter/);
    expect(() => parsePost("en/a.md", raw(GOOD.replace("2026-05-01", "1 May")))).toThrow(/date/);
    expect(() => parsePost("nl/a.md", raw(GOOD))).toThrow(/does not match its folder/);
    expect(() => parsePost("en/Bad Slug.md", raw(GOOD))).toThrow(/kebab-case/);
    expect(() => parsePost("en/a.md", raw(GOOD.replace("language: en", "language: de")))).toThrow(/language/);
  });
});

describe("tables in Markdown", () => {
  const table = "| Name | Purpose |\n|---|---|\n| a | b |\n";
  it("scrolls each table in a focusable region named by the heading above it", () => {
    const html = renderMarkdown(`## Cookies & storage\n\n${table}\n## Other\n\ntext\n`);
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Cookies &amp; storage"><table>');
    expect(html.match(/role="region"/g)).toHaveLength(1);
  });
  it("names a table without a heading above it by its column headers", () => {
    expect(renderMarkdown(table)).toContain('aria-label="Name, Purpose"><table>');
  });
});

describe("similar posts and pagination", () => {
  const all = [
    post("a", "2026-01-01", ["pricing", "sales"]),
    post("b", "2026-02-01", ["pricing"]),
    post("c", "2026-03-01", ["pricing", "sales", "writing"]),
    post("d", "2026-04-01", ["follow-up"]),
    post("e", "2026-05-01", ["sales"]),
    post("a", "2026-01-01", ["pricing", "sales"], "nl"),
  ];

  it("orders by shared tags, then newest; leaves out the post itself, other languages and posts without a shared tag", () => {
    expect(similarPosts(all[0], all).map((p) => p.slug)).toEqual(["c", "e", "b"]);
    expect(similarPosts(all[0], all, 1).map((p) => p.slug)).toEqual(["c"]);
    expect(similarPosts(all[3], all)).toEqual([]);
  });

  it("sorts newest first", () => {
    expect(sortPosts(all.filter((p) => p.locale === "en")).map((p) => p.slug)).toEqual(["e", "d", "c", "b", "a"]);
  });

  it("paginates, and refuses pages that do not exist", () => {
    expect(paginate([1, 2, 3, 4, 5], 1, 2)).toEqual({ items: [1, 2], page: 1, pages: 3 });
    expect(paginate([1, 2, 3, 4, 5], 3, 2)).toEqual({ items: [5], page: 3, pages: 3 });
    expect(paginate([1, 2, 3, 4, 5], 4, 2)).toBeNull();
    expect(paginate([1, 2, 3], 0, 2)).toBeNull();
    expect(paginate([1, 2, 3], 1.5, 2)).toBeNull();
    expect(paginate([], 1, 2)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe("the blog content in the repository", () => {
  it("parses every post, with at least three substantial posts per language", () => {
    const posts = allPosts();
    for (const locale of ["en", "nl"] as const) {
      const mine = posts.filter((p) => p.locale === locale);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      for (const p of mine)
        expect(
          p.html
            .replace(/<[^>]+>/g, " ")
            .split(/\s+/)
            .filter(Boolean).length,
        ).toBeGreaterThan(400);
    }
  });

  it("has every post in both languages under the same slug (so hreflang alternates exist)", () => {
    expect(
      listPosts("nl")
        .map((p) => p.slug)
        .sort(),
    ).toEqual(
      listPosts("en")
        .map((p) => p.slug)
        .sort(),
    );
  });

  it("gives every post at least one similar post", () => {
    for (const p of allPosts()) expect(similarPosts(p, allPosts()).length).toBeGreaterThan(0);
  });

  it("tags Dutch posts in Dutch: no Dutch post carries an English tag", () => {
    const english = new Set(listPosts("en").flatMap((p) => p.tags));
    for (const p of listPosts("nl")) {
      expect(
        p.tags.filter((tag) => english.has(tag)),
        p.slug,
      ).toEqual([]);
      const original = listPosts("en").find((other) => other.slug === p.slug)!;
      expect(p.tags.length, `${p.slug}: as many tags as the English post`).toBe(original.tags.length);
    }
  });

  it("wraps every table of the privacy policy in a focusable region named by its heading", () => {
    for (const locale of ["en", "nl"] as const) {
      const html = getContentPage(locale, "privacy-policy")!.html;
      const tables = html.match(/<table>/g) ?? [];
      const regions = [...html.matchAll(/<div class="table-scroll" role="region" tabindex="0" aria-label="([^"]+)"><table>/g)];
      expect(tables.length).toBeGreaterThan(0);
      expect(regions).toHaveLength(tables.length);
    }
    expect(getContentPage("nl", "privacy-policy")!.html).toContain('aria-label="Cookies en lokale opslag"><table>');
  });

  it("has the privacy policy in both languages", () => {
    for (const locale of ["en", "nl"] as const) {
      const page = getContentPage(locale, "privacy-policy")!;
      expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(page.html).toContain("i18n_redirected");
    }
  });
});
