import type { QuoteVersionDocument } from "../../../shared/quote-versions";
import { createBoundedLru } from "./bounded-lru";

/**
 * Published versions' documents by version id, parsed once per app server (decision 090). A
 * version is append-only — the database refuses any UPDATE of `quote_versions` (migration 0016's
 * trigger) and deletes one only with its quote — and its id is a random UUID never given twice, so
 * a kept document can never be stale: nothing invalidates it, several app servers each keep their
 * own, and the read replica's copy is the primary's. The public page's read then leaves the
 * document column out (its JSON was ≈ 0.4 ms of the embedded database's CPU a rendered page at
 * 16 KB) and takes it from here, or reads it by id when this server has not kept it.
 *
 * Kept documents are deep-frozen: every reader shares one object, and a caller that tried to change
 * it would throw rather than change what the next customer sees.
 */
export type VersionDocumentCache = {
  get(versionId: string): QuoteVersionDocument | undefined;
  /** Keeps `document` (frozen) and returns it; `jsonChars`: its size as JSON, for the bound. */
  set(versionId: string, document: QuoteVersionDocument, jsonChars: number): QuoteVersionDocument;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  clear(): void;
};

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/**
 * An entry is counted at three times its JSON's characters (a parsed document's objects weigh more
 * than its text), plus its key.
 */
export function createVersionDocumentCache(options: { maxBytes?: number } = {}): VersionDocumentCache {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const lru = createBoundedLru<QuoteVersionDocument>(maxBytes);
  return {
    get: (versionId) => lru.get(versionId),
    set(versionId, document, jsonChars) {
      const frozen = deepFreeze(document);
      // A document bigger than a quarter of the bound is read every time rather than emptying the cache.
      lru.set(versionId, frozen, 3 * jsonChars + 2 * versionId.length + 64);
      return frozen;
    },
    stats: () => lru.stats(),
    clear: () => lru.clear(),
  };
}

/**
 * The process's cache: the data is immutable and ids are unique across databases, so one cache
 * serves every app (and every test database) in the process.
 */
export const versionDocuments = createVersionDocumentCache();
