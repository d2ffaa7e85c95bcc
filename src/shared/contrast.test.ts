import { describe, expect, it } from "vitest";
import { contrastRatio, isReadableOnWhite, relativeLuminance } from "./contrast";

describe("contrast", () => {
  it("matches the WCAG reference values", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // #777777 on white is the classic just-below-AA grey (4.48:1); #767676 just passes (4.54:1).
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#777777")).toBe(contrastRatio("#777777", "#ffffff"));
  });

  it("says whether text on white passes AA", () => {
    expect(isReadableOnWhite("#767676")).toBe(true);
    expect(isReadableOnWhite("#777777")).toBe(false);
    expect(isReadableOnWhite("#ffff00")).toBe(false);
    expect(isReadableOnWhite("#0f172a")).toBe(true);
  });

  it("refuses anything but #rrggbb", () => {
    expect(() => relativeLuminance("red")).toThrow(TypeError);
    expect(() => relativeLuminance("#fff")).toThrow(TypeError);
  });
});
