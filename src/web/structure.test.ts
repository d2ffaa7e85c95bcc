import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The web side's shape (docs/decisions/004, 005; DESIGN.md "Route modules are thin"). */
const WEB = path.resolve("src/web");
const ROUTES = path.join(WEB, "routes");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name.startsWith("+") ? [] : files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relativeImports = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]));

describe("web structure", () => {
  it("no route module imports another route module (shared code lives in features/ or components/)", () => {
    const offenders = files(ROUTES).flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith(ROUTES + path.sep) && !target.includes(`${path.sep}+types${path.sep}`))
        .map((target) => `${path.relative(WEB, file)} → ${path.relative(WEB, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("app, auth and public-quote routes stay thin (at most 150 lines)", () => {
    const long = ["app", "auth", "quote"]
      .flatMap((area) => files(path.join(ROUTES, area)))
      .map((file) => ({ file: path.relative(WEB, file), lines: fs.readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > 150);
    expect(long).toEqual([]);
  });

  it("app screens read account data through GraphQL only: no loader or action besides the app layout's (decision 004)", () => {
    const withLoader = files(path.join(ROUTES, "app"))
      .filter((file) => path.basename(file) !== "layout.tsx")
      .filter((file) => /export\s+(async\s+)?function\s+(loader|action)\b|export\s+const\s+(loader|action)\b/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(WEB, file));
    expect(withLoader).toEqual([]);
  });

  it("fragments are used by name, without keep-alive lines", () => {
    const keepAlive = files(WEB).filter((file) => /^\s*void\s+\w+Fragment\b/m.test(fs.readFileSync(file, "utf8")));
    expect(keepAlive).toEqual([]);
  });
});
