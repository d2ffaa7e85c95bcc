/**
 * An in-process LRU bounded by the bytes its entries are counted at (each caller says how much an
 * entry weighs): the public page's rendered fragments (decision 088) and kept version documents
 * (decision 090). An entry over a quarter of the bound is not kept, rather than emptying the cache
 * for one value. Only an optimisation: nothing is ever invalidated, its keys name immutable values.
 */
export type BoundedLru<V> = {
  get(key: string): V | undefined;
  /** Keeps `value`, counted at `bytes`; false when it is too big to keep. */
  set(key: string, value: V, bytes: number): boolean;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  clear(): void;
};

export function createBoundedLru<V>(maxBytes: number): BoundedLru<V> {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      // Most recently used last: a Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, size) {
      if (size > maxBytes / 4) return false;
      const old = entries.get(key);
      if (old) {
        entries.delete(key);
        bytes -= old.bytes;
      }
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.bytes;
      }
      return true;
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
