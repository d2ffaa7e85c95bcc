import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type Locale, isLocale } from "../../../shared/locales";

/**
 * Blog posts are Markdown files in the repository (content/blog/<locale>/<slug>.md) with YAML front
 * matter. A post and its translation share the slug, so /blog/x and /nl/blog/x are alternates.
 * Everything here is pure: parsing, rendering (server-side, never shipped to the browser),
 * similar posts and pagination.
 */

export const ZFrontMatter = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  date: z.iso.date(),
  updated: z.iso.date().optional(),
  tags: z.array(z.string().trim().min(1)).min(1),
  language: z.string().refine(isLocale, { message: "language must be en or nl" }),
});
export type FrontMatter = z.infer<typeof ZFrontMatter>;

export type BlogPostSummary = {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  date: string;
  /** Date of the last change (the date when never updated): the sitemap's lastmod. */
  updated: string;
  tags: string[];
  readingMinutes: number;
};
export type BlogPost = BlogPostSummary & { html: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits "---\nyaml\n---\nbody" into its YAML data and Markdown body. */
export function splitFrontMatter(raw: string): { data: unknown; body: string } {
  const match = FRONT_MATTER.exec(raw);
  if (!match) throw new Error("missing front matter (a --- block at the top)");
  return { data: parseYaml(match[1]), body: raw.slice(match[0].length) };
}

const markdown = new Marked({ gfm: true });

/** Markdown → HTML. Only for content written in this repository (it is not sanitised). */
export function renderMarkdown(body: string): string {
  return wrapTables(markdown.parse(body, { async: false }) as string);
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
const escapeAttribute = (text: string) => text.replace(/&(?!#?\w+;)/g, "&amp;").replace(/"/g, "&quot;");

/**
 * A table wider than a phone scrolls sideways inside its own box: that box is a focusable, named
 * region, so keyboard users can scroll it too (WCAG 2.1.1). Its name is the heading above the
 * table, or the table's column headers when no heading precedes it.
 */
export function wrapTables(html: string): string {
  let heading = "";
  return html.replace(/(<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>)|<table>[\s\S]*?<\/table>/g, (match, headingHtml: string | undefined) => {
    if (headingHtml) {
      heading = textOf(headingHtml);
      return match;
    }
    const headers = [...match.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1])).join(", ");
    const label = escapeAttribute(heading || headers);
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}">${match}</div>`;
  });
}

export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

/** Parses one post file; `file` is its path, for the slug and for error messages. */
export function parsePost(file: string, raw: string): BlogPost {
  const match = /(?:^|\/)(en|nl)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/.exec(file);
  if (!match) throw new Error(`${file}: a post lives at content/blog/<en|nl>/<kebab-case-slug>.md`);
  const [, folderLocale, slug] = match;
  const { data, body } = splitFrontMatter(raw);
  const parsed = ZFrontMatter.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${file}: invalid front matter: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const fm = parsed.data;
  if (fm.language !== folderLocale) throw new Error(`${file}: language "${fm.language}" does not match its folder "${folderLocale}"`);
  return {
    slug,
    locale: fm.language as Locale,
    title: fm.title,
    description: fm.description,
    date: fm.date,
    updated: fm.updated ?? fm.date,
    tags: fm.tags.map((tag) => tag.toLowerCase()),
    readingMinutes: readingMinutes(body),
    html: renderMarkdown(body),
  };
}

/** Newest first; ties by slug so the order is stable. */
export function sortPosts<T extends BlogPostSummary>(posts: T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/**
 * Posts that share tags with `post`, most shared tags first, then newest; posts sharing no tag are
 * left out. Same language only.
 */
export function similarPosts<T extends BlogPostSummary>(post: BlogPostSummary, all: T[], limit = 3): T[] {
  const tags = new Set(post.tags);
  return all
    .filter((other) => other.locale === post.locale && other.slug !== post.slug)
    .map((other) => ({ other, shared: other.tags.filter((tag) => tags.has(tag)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.other.date.localeCompare(a.other.date) || a.other.slug.localeCompare(b.other.slug))
    .slice(0, limit)
    .map(({ other }) => other);
}

export type Page<T> = { items: T[]; page: number; pages: number };

/** One page (1-based) of a list; null when the page does not exist (page 1 of nothing exists). */
export function paginate<T>(items: T[], page: number, size: number): Page<T> | null {
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { items: items.slice((page - 1) * size, page * size), page, pages };
}

export function summary(post: BlogPost): BlogPostSummary {
  const { html: _html, ...rest } = post;
  return rest;
}
