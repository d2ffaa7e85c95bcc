import { createBoundedLru } from "./bounded-lru";

/**
 * The rendered quote document's HTML by the hash of everything it is rendered from (decision 088):
 * a bounded in-process LRU of strings. Only an optimisation: an app server that has lost it, or
 * another app server that never had it, renders the same bytes again. Nothing is ever invalidated:
 * a changed input is a different key, and the old entry ages out.
 */
export type QuoteFragmentCache = {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
};

/** Bytes an entry is counted at: two a character (a JavaScript string's worst case) for key and HTML. */
const entryBytes = (key: string, html: string) => 2 * (key.length + html.length) + 64;

export function createQuoteFragmentCache(options: { maxBytes?: number } = {}): QuoteFragmentCache {
  // 16 MiB: ~70 documents of the bench's 114 KB page in the worst case, ~140 when Latin-1.
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const lru = createBoundedLru<string>(maxBytes);
  return {
    get: (key) => lru.get(key),
    // An entry bigger than a quarter of the bound is rendered every time rather than emptying the cache.
    set: (key, html) => void lru.set(key, html, entryBytes(key, html)),
    stats: () => lru.stats(),
  };
}
