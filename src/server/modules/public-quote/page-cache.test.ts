import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseEncoding, inlineScriptHashes } from "../../http/stored-page";

describe("the stored page's coding (decision 068)", () => {
  it("prefers br, then gzip, then deflate, as q values and * allow", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("deflate");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0.3, br;q=0")).toBe("gzip");
    expect(chooseEncoding("GZIP ; Q=1")).toBe("gzip");
  });
});

describe("the CSP hashes of a stored page's inline scripts", () => {
  const sha = (text: string) => `sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}`;
  it("hashes the inline scripts a browser runs, once each, and nothing else", () => {
    const html = [
      '<script type="application/json" id="data">{"a":"é"}</script>',
      '<script type="module" src="/assets/island.js"></script>',
      "<script>window.x = 1;</script>",
      '<script type="module">import "/a.js";</script>',
      "<script>window.x = 1;</script>",
      '<script type="application/ld+json">{}</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("window.x = 1;"), sha('import "/a.js";')]);
    expect(inlineScriptHashes('<p>no scripts</p><script src="/x.js"></script>')).toEqual([]);
  });
});
