import type { Locale } from "../../../shared/locales";
import { type BlogPost, type BlogPostSummary, parsePost, sortPosts, splitFrontMatter, renderMarkdown, summary } from "./blog";

/**
 * The Markdown content, bundled into the server build by Vite at build time (so it does not depend
 * on the working directory) and parsed once. A broken post fails the first request loudly — and
 * the unit test that parses every post fails first.
 */
const postFiles = import.meta.glob<string>("/content/blog/*/*.md", { query: "?raw", import: "default", eager: true });
const pageFiles = import.meta.glob<string>("/content/pages/*/*.md", { query: "?raw", import: "default", eager: true });

let cache: BlogPost[] | undefined;
export function allPosts(): BlogPost[] {
  cache ??= sortPosts(Object.entries(postFiles).map(([file, raw]) => parsePost(file, raw)));
  return cache;
}

export function listPosts(locale: Locale): BlogPostSummary[] {
  return allPosts()
    .filter((post) => post.locale === locale)
    .map(summary);
}

export function getPost(locale: Locale, slug: string): BlogPost | undefined {
  return allPosts().find((post) => post.locale === locale && post.slug === slug);
}

export type ContentPage = { title: string; description: string; updated: string; html: string };

/** A long-form page such as the privacy policy: content/pages/<locale>/<name>.md. */
export function getContentPage(locale: Locale, name: string): ContentPage | undefined {
  const raw = pageFiles[`/content/pages/${locale}/${name}.md`];
  if (!raw) return undefined;
  const { data, body } = splitFrontMatter(raw);
  const fm = data as { title: string; description: string; updated: string };
  return { title: fm.title, description: fm.description, updated: String(fm.updated), html: renderMarkdown(body) };
}
