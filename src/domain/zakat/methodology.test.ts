import { describe, expect, it } from "vitest";
import { Decimal } from "../money/decimal.ts";
import {
  defaultMethodology,
  nisabGrams,
  presets,
  resolveMethodology,
  zakatRates,
  type Methodology,
} from "./methodology.ts";
import { gramsFromTola, pricePerGramFromTroyOunce, pureGoldGrams } from "./weights.ts";
import { grams } from "../money/decimal.ts";

describe("presets (PRODUCT.md)", () => {
  it.each<[string, Methodology]>([
    [
      "standard",
      {
        preset: "standard",
        nisabStandard: "85_595",
        nisabMethod: "minimum",
        yearBasis: "lunar",
        hawlRule: "majority",
        jewellery: "zakatable",
        longTermShares: "full",
        longTermDebts: "next12Months",
      },
    ],
    [
      "hanafi",
      {
        preset: "hanafi",
        nisabStandard: "87.48_612.36",
        nisabMethod: "minimum",
        yearBasis: "lunar",
        hawlRule: "hanafi",
        jewellery: "zakatable",
        longTermShares: "full",
        longTermDebts: "next12Months",
      },
    ],
    ["shafii_hanbali", { ...defaultMethodology, preset: "shafii_hanbali", jewellery: "exempt" }],
    ["maliki", { ...defaultMethodology, preset: "maliki", jewellery: "exempt" }],
  ])("%s", (preset, expected) => {
    expect(presets[preset as keyof typeof presets]).toEqual(expected);
    expect(resolveMethodology({ preset: expected.preset })).toEqual(expected);
  });

  it("gives Standard when nothing is chosen, and fields override the preset", () => {
    expect(resolveMethodology()).toEqual(defaultMethodology);
    expect(
      resolveMethodology({ preset: "hanafi", jewellery: "exempt", yearBasis: "gregorian" }),
    ).toEqual({ ...presets.hanafi, jewellery: "exempt", yearBasis: "gregorian" });
    expect(resolveMethodology({ nisabMethod: undefined })).toEqual(defaultMethodology);
  });
});

describe("constants", () => {
  it("the tola nisab is 7.5 and 52.5 tola of 11.664 g", () => {
    expect(gramsFromTola("7.5").toFixed()).toBe(nisabGrams["87.48_612.36"].gold);
    expect(gramsFromTola("52.5").toFixed()).toBe(nisabGrams["87.48_612.36"].silver);
  });

  it("the Gregorian rate is 2.5 % × 365.25 / 354.37 rounded half-up to 0.001 %", () => {
    const exact = new Decimal("0.025").times("365.25").dividedBy("354.37");
    expect(exact.toFixed(10)).toBe("0.0257675593");
    expect(exact.toDecimalPlaces(5, Decimal.ROUND_HALF_UP).toFixed()).toBe(zakatRates.gregorian);
    expect(zakatRates.lunar).toBe("0.025");
  });

  it.each([
    ["3110.35", "100"],
    ["31.1035", "1"],
    ["2000", "64.301445174980307682"],
  ])("a troy ounce at %s is %s per gram", (ounce, gram) => {
    expect(pricePerGramFromTroyOunce(ounce).toDecimalPlaces(18).toFixed()).toBe(gram);
  });

  it.each([
    [24, "12", "12"],
    [22, "12", "11"],
    [21, "8", "7"],
    [18, "4", "3"],
  ] as const)("%i karat: %s g hold %s g of pure gold", (karat, weight, pure) => {
    expect(pureGoldGrams(grams(weight), karat).toFixed()).toBe(pure);
  });
});
