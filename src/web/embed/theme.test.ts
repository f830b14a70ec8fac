import { describe, expect, it } from "vitest";
import { contrastWithWhite, readableOnWhiteText, themeVariables } from "./theme";

describe("themeVariables", () => {
  it("keeps the defaults as the app's palette anchors", () => {
    const vars = themeVariables("#80009e", "#b68802");
    expect(vars["--color-brand-700"]).toBe("#80009e");
    expect(vars["--color-gold-500"]).toBe("#b68802");
    expect(Object.keys(vars)).toHaveLength(11 + 10);
  });

  it("mixes lighter shades towards white and darker ones towards black", () => {
    const vars = themeVariables("#006699", "#cc3300");
    expect(vars["--color-brand-700"]).toBe("#006699");
    expect(vars["--color-brand-50"]).toBe("#f2f7fa");
    expect(vars["--color-brand-900"]).toBe("#003d5c");
    expect(vars["--color-gold-500"]).toBe("#cc3300");
    expect(vars["--color-gold-900"]).toBe("#5c1700");
  });

  it("darkens a primary colour too light for white text until it reaches 4.5:1", () => {
    expect(contrastWithWhite("#ffff00")).toBeLessThan(1.1);
    const readable = readableOnWhiteText("#ffff00");
    expect(contrastWithWhite(readable)).toBeGreaterThanOrEqual(4.5);
    expect(themeVariables("#ffff00", "#b68802")["--color-brand-700"]).toBe(readable);
    // already readable: unchanged
    expect(readableOnWhiteText("#80009e")).toBe("#80009e");
    expect(readableOnWhiteText("#fff")).not.toBe("#ffffff");
  });
});
