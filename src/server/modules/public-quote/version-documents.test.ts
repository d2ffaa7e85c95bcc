import { describe, expect, it } from "vitest";
import type { QuoteVersionDocument } from "../../../shared/quote-versions";
import { createVersionDocumentCache } from "./version-documents";

/** A stand-in document: the cache never looks inside beyond freezing it. */
const doc = (name: string) => ({ document: { name, blocks: [{ lines: [{ price: "1.00" }] }] }, sender: { name: "Studio" } }) as unknown as QuoteVersionDocument;

describe("the version document cache (decision 090)", () => {
  it("gives back what it kept, deep-frozen, and counts hits and misses", () => {
    const cache = createVersionDocumentCache();
    expect(cache.get("v1")).toBeUndefined();
    const kept = cache.set("v1", doc("First"), 100);
    expect(cache.get("v1")).toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
    const lines = (kept.document as unknown as { blocks: { lines: { price: string }[] }[] }).blocks[0].lines;
    expect(Object.isFrozen(lines[0])).toBe(true);
    expect(() => {
      lines[0].price = "0.01";
    }).toThrow(TypeError);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it("stays within its bound, dropping the least recently used first", () => {
    // Each entry counts 3 × 800 characters + its key + 64 (2,466 bytes): four fit in 10,000 bytes, five do not.
    const cache = createVersionDocumentCache({ maxBytes: 10_000 });
    for (const id of ["a", "b", "c", "d"]) cache.set(id, doc(id), 800);
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("e", doc("e"), 800);
    expect(cache.get("b")).toBeUndefined();
    for (const id of ["a", "c", "d", "e"]) expect(cache.get(id), id).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
  });

  it("does not keep a document over a quarter of its bound, but still hands it back frozen", () => {
    const cache = createVersionDocumentCache({ maxBytes: 10_000 });
    cache.set("small", doc("small"), 100);
    const big = cache.set("big", doc("big"), 1_000);
    expect(Object.isFrozen(big)).toBe(true);
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
  });
});
