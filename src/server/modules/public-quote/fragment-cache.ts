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
  const entries = new Map<string, string>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      const html = entries.get(key);
      if (html === undefined) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, html);
      return html;
    },
    set(key, html) {
      const size = entryBytes(key, html);
      // An entry bigger than a quarter of the bound is rendered every time rather than emptying the cache.
      if (size > maxBytes / 4) return;
      const old = entries.get(key);
      if (old !== undefined) {
        entries.delete(key);
        bytes -= entryBytes(key, old);
      }
      entries.set(key, html);
      bytes += size;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entryBytes(oldest, value);
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}
