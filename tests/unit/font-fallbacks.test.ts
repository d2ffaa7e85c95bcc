import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_FAMILIES } from "../../src/shared/account-settings";
import { TEXT_FONTS } from "../../src/shared/enums";

// The fallback faces (issue 22 item 3) are generated from the font files: committed, drift-checked.
describe("the quote fonts' metric-matched fallbacks", () => {
  it("font-fallbacks.css is what scripts/font-fallbacks.mjs computes from the font files", () => {
    const run = spawnSync(process.execPath, ["scripts/font-fallbacks.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);

  it("every font's stack names its fallback face right after it, and the CSS defines it at 400 and 700", () => {
    const css = fs.readFileSync("src/web/features/settings/font-fallbacks.css", "utf8");
    for (const font of TEXT_FONTS) {
      const [first, second] = FONT_FAMILIES[font].split(",").map((f) => f.trim().replace(/['"]/g, ""));
      expect(second).toBe(`${first} Fallback`);
      for (const weight of [400, 700]) expect(css).toContain(`font-family: "${first} Fallback";\n  font-style: normal;\n  font-weight: ${weight};`);
    }
  });
});
