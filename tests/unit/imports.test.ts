import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * src/web reaches src/server only through `*.server.ts` files (React Router keeps them out of the
 * browser bundle) or with `import type` (erased). Anything else could pull database drivers,
 * secrets or Node APIs into the client. Test files are not bundled and are exempt.
 */
const root = path.resolve(import.meta.dirname, "../..");
const web = path.join(root, "src/web");
const server = path.join(root, "src/server");

type Violation = { file: string; specifier: string };

/** The import/export-from statements of a module that load a src/server file at run time. */
// biome-ignore lint/suspicious/noExportsInTest: the scanner is exported for its own unit test below
export function serverImports(file: string, source: string): Violation[] {
  const statements: { specifier: string; typeOnly: boolean }[] = [];
  const fromRe = /\b(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/g;
  for (const match of source.matchAll(fromRe)) {
    const clause = match[3].trim();
    // `import { type A, type B } from` is erased too.
    const allTypes = /^\{[\s\S]*\}$/.test(clause) && clause.slice(1, -1).split(",").map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith("type "));
    statements.push({ specifier: match[4], typeOnly: Boolean(match[2]) || allTypes });
  }
  for (const match of source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) statements.push({ specifier: match[1], typeOnly: false });
  for (const match of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) statements.push({ specifier: match[1], typeOnly: false });
  return statements
    .filter(({ specifier, typeOnly }) => {
      if (typeOnly) return false;
      const target = specifier.startsWith("~/")
        ? path.join(root, "src", specifier.slice(2))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : null;
      if (!target || !(target === server || target.startsWith(server + path.sep))) return false;
      return !/\.server(\.tsx?)?$/.test(target);
    })
    .map(({ specifier }) => ({ file: path.relative(root, file), specifier }));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("src/web imports src/server only through *.server.ts files or import type", () => {
  it("finds no other import", () => {
    const violations = sourceFiles(web).flatMap((file) => serverImports(file, fs.readFileSync(file, "utf8")));
    expect(violations).toEqual([]);
  });

  it("would catch a value import, a dynamic import and a side-effect import of a server module", () => {
    const file = path.join(web, "routes/example.tsx");
    const source = [
      'import { getPublicQuote } from "../../server/modules/quotes/quotes.service";',
      'import type { Database } from "../../server/db/client";',
      'import { type Config } from "../../server/config";',
      'import { getPublicQuote as p } from "../../server/modules/quotes/quotes.server";',
      'const lazy = () => import("../../server/db/client");',
      'import "../../server/logger";',
      'export { schema } from "~/server/graphql/schema";',
      'import { formatMoney } from "../../shared/money";',
    ].join("\n");
    expect(serverImports(file, source).map((v) => v.specifier)).toEqual([
      "../../server/modules/quotes/quotes.service",
      "~/server/graphql/schema",
      "../../server/db/client",
      "../../server/logger",
    ]);
  });
});
