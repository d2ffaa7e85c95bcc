/**
 * The rendered public quote page of two builds, for the same input (decision 078): the old build
 * (a folder with its `build/` and a `node_modules` link, as bench/public-quote-before-after.ts
 * takes it) and this worktree's `build/`, each seeded with the same quote (8 blocks of 5 lines, a
 * closing text), fetched rendered (a query string: past the page cache), with what differs between
 * two servers by nature normalised: UUIDs (numbered in order of appearance), the server's URL, the
 * nonce and the link's nanoId. Each server renders the page twice (the second from the fragment cache
 * of decision 088, where there is one), and says so if the two differ. Prints IDENTICAL or DIFFERENT
 * (both pages written to /tmp).
 *
 *   BENCH_PUBLIC_BEFORE=/tmp/old npx tsx bench/public-quote-same-html.ts   (BENCH_LANGUAGE=NL: a Dutch quote)
 */
import fs from "node:fs";
import { seedPublishedQuote } from "../tests/support/e2e";
import { startServer } from "../tests/support/server";

const beforeDir = process.env.BENCH_PUBLIC_BEFORE;
if (!beforeDir) throw new Error("BENCH_PUBLIC_BEFORE: a folder holding the old build/ (and a node_modules link)");
const language = process.env.BENCH_LANGUAGE === "NL" ? "NL" : "ENG";
const pages: string[] = [];
for (const dir of [beforeDir, process.cwd()]) {
  const cwd = process.cwd();
  process.chdir(dir);
  const server = await startServer({ LOG_LEVEL: "warn" }).finally(() => process.chdir(cwd));
  try {
    const seeded = await seedPublishedQuote(server, { language, blocks: 8, linesPerBlock: 5, closingText: true });
    // Twice: the second render takes the quote document from the fragment cache (decision 088); both must be the same.
    const renders: string[] = [];
    for (const _ of [1, 2])
      renders.push(await (await fetch(`${server.url}${seeded.path}?utm_source=compare`, { headers: { "accept-language": "en" } })).text());
    const html = renders[1].replace(/nonce="[^"]*"/g, 'nonce="N"');
    if (html !== renders[0].replace(/nonce="[^"]*"/g, 'nonce="N"')) console.log(`${dir}: the second render differs from the first`);
    const ids = new Map<string, string>();
    pages.push(
      html
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
          if (!ids.has(id)) ids.set(id, `UUID${ids.size}`);
          return ids.get(id) as string;
        })
        .split(server.url)
        .join("URL")
        .replace(/nonce="[^"]*"/g, 'nonce="N"')
        .split(seeded.quote.nanoId)
        .join("NANO"),
    );
  } finally {
    await server.stop();
  }
}
fs.writeFileSync("/tmp/public-quote-before.html", pages[0]);
fs.writeFileSync("/tmp/public-quote-after.html", pages[1]);
console.log(pages[0] === pages[1] ? `IDENTICAL (${pages[0].length} characters)` : "DIFFERENT (/tmp/public-quote-before.html, /tmp/public-quote-after.html)");
