import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { e2eSuite } from "../support/e2e";

const e2e = e2eSuite();

/** Issue 27: the marketing site is content; each of these pages ships at most this much JavaScript, gzip-sized. */
const BUDGET_BYTES = 60 * 1024;
const PAGES = ["/", "/pricing", "/features", "/faq", "/blog", "/blog/anatomy-of-a-winning-quote", "/contact"];

const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 9 }).length;

describe("the marketing pages' JavaScript budget", () => {
  it.each(["", "/nl"])("ships at most 60 KiB of JavaScript (gzip) on each page (%s)", { timeout: 120_000 }, async (prefix) => {
    const over: string[] = [];
    for (const path of PAGES.map((p) => (prefix && p === "/" ? prefix : `${prefix}${p}`))) {
      // A fresh context per page: a cold cache, so every script is a response of its own.
      const context = await newContext(e2e.browser, { baseURL: e2e.server.url, locale: prefix ? "nl-NL" : "en-US", fresh: true });
      const page = await context.newPage();
      // Every script the page loads: the documents' own and every import, dynamic ones included.
      const loaded: Promise<{ url: string; bytes: number }>[] = [];
      const onResponse = (response: import("playwright-core").Response) => {
        if (response.request().resourceType() !== "script") return;
        loaded.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSize(body) })));
      };
      page.on("response", onResponse);
      await page.goto(path, { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname, path).toBe(path);
      // The scripts written into the page (JavaScript ones; JSON and JSON-LD are data).
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => ["", "module", "text/javascript", "application/javascript"].includes((s.getAttribute("type") ?? "").toLowerCase()))
          .map((s) => s.textContent ?? ""),
      );
      const files = await Promise.all(loaded);
      // The counting sees scripts: every marketing page loads at least its island.
      expect(files.length, `${path}: no script seen`).toBeGreaterThan(0);
      const total = files.reduce((sum, f) => sum + f.bytes, 0) + inline.reduce((sum, text) => sum + gzipSize(text), 0);
      if (total > BUDGET_BYTES) over.push(`${path}: ${(total / 1024).toFixed(1)} KiB in ${files.length} files + ${inline.length} inline scripts`);
      await context.close();
    }
    expect(over).toEqual([]);
  });
});
