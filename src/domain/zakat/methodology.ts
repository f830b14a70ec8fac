// The methodology of a calculation as plain data (PRODUCT.md "Zakat correctness: methodology as
// data"): a preset, then any field overridden. Every result line names the rule it applied.

export const presetIds = ["standard", "hanafi", "shafii_hanbali", "maliki"] as const;
export type PresetId = (typeof presetIds)[number];

/** 85 g gold / 595 g silver, or 7.5 / 52.5 tola of 11.664 g = 87.48 g / 612.36 g. */
export const nisabStandards = ["85_595", "87.48_612.36"] as const;
export type NisabStandard = (typeof nisabStandards)[number];

/** minimum: the lower of the gold and silver nisab values (the spec's rule). */
export const nisabMethods = ["minimum", "gold", "silver"] as const;
export type NisabMethod = (typeof nisabMethods)[number];

/**
 * The calculation's year, which sets the rate (zakatRates). Not the nisab tracker's year
 * (TrackerYearBasis, domain/hawl/year-basis.ts: "hijri" | "gregorian", stored apart);
 * trackerYearBasis() maps this one to that one.
 */
export const methodologyYearBases = ["lunar", "gregorian"] as const;
export type MethodologyYearBasis = (typeof methodologyYearBases)[number];

/** Used by the nisab tracker, not by the amount: see PRODUCT.md. */
export const hawlRules = ["majority", "hanafi"] as const;
export type HawlRule = (typeof hawlRules)[number];

/** Personal jewellery (worn, not held as savings): zakatable (Hanafi) or exempt. */
export const jewelleryRules = ["zakatable", "exempt"] as const;
export type JewelleryRule = (typeof jewelleryRules)[number];

/** Shares held for the long term: full market value, or 25 % / 30 % of it as a zakatable proxy. */
export const longTermShareRules = ["full", "proxy25", "proxy30"] as const;
export type LongTermShareRule = (typeof longTermShareRules)[number];

/**
 * Long-term debts (mortgage, personal loans, business liabilities): under "next12Months" the
 * amount entered is the payments due in the next 12 months; under "full" it is the whole
 * outstanding balance. Either way the amount entered is deducted; the rule says what to enter.
 */
export const longTermDebtRules = ["full", "next12Months"] as const;
export type LongTermDebtRule = (typeof longTermDebtRules)[number];

export interface Methodology {
  preset: PresetId;
  nisabStandard: NisabStandard;
  nisabMethod: NisabMethod;
  yearBasis: MethodologyYearBasis;
  hawlRule: HawlRule;
  jewellery: JewelleryRule;
  longTermShares: LongTermShareRule;
  longTermDebts: LongTermDebtRule;
}

export type MethodologyFields = Omit<Methodology, "preset">;

/** PRODUCT.md's defaults: the "Standard" preset. */
export const defaultMethodology: Methodology = {
  preset: "standard",
  nisabStandard: "85_595",
  nisabMethod: "minimum",
  yearBasis: "lunar",
  hawlRule: "majority",
  jewellery: "zakatable",
  longTermShares: "full",
  longTermDebts: "next12Months",
};

/**
 * Presets change only what PRODUCT.md ties to a school: the Hanafi hawl rule and tola-based
 * nisab (7.5 / 52.5 tola, as Hanafi scholars of South Asia give it) and jewellery zakatable;
 * personal jewellery exempt for Shafi'i, Hanbali and Maliki. Every other field keeps the
 * Standard default, so the Shafi'i/Hanbali and Maliki presets hold the same data today; the
 * user edits any field after choosing.
 */
export const presets: Readonly<Record<PresetId, Methodology>> = {
  standard: defaultMethodology,
  hanafi: {
    ...defaultMethodology,
    preset: "hanafi",
    nisabStandard: "87.48_612.36",
    hawlRule: "hanafi",
    jewellery: "zakatable",
  },
  shafii_hanbali: { ...defaultMethodology, preset: "shafii_hanbali", jewellery: "exempt" },
  maliki: { ...defaultMethodology, preset: "maliki", jewellery: "exempt" },
};

/** A preset (Standard when none) with the given fields overriding it. */
export function resolveMethodology(
  choice: { preset?: PresetId } & Partial<MethodologyFields> = {},
): Methodology {
  const base = presets[choice.preset ?? "standard"];
  const resolved: Methodology = { ...base };
  for (const key of Object.keys(base) as (keyof Methodology)[]) {
    const value = choice[key];
    if (value !== undefined) (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  return resolved;
}

/** Nisab weights in grams, as decimal strings (exact). */
export const nisabGrams: Readonly<Record<NisabStandard, { gold: string; silver: string }>> = {
  "85_595": { gold: "85", silver: "595" },
  "87.48_612.36": { gold: "87.48", silver: "612.36" },
};

/**
 * Zakat rates as exact decimals. Lunar: 2.5 %. Gregorian: the lunar rate over a solar year,
 * 2.5 % × 365.25 / 354.37 = 2.57675…%, rounded half-up to three decimals of a percent: 2.577 %
 * (the figure PRODUCT.md and zakat bodies publish). The rounding is ours, once, here; it is
 * never recomputed from the fraction.
 */
export const zakatRates: Readonly<Record<MethodologyYearBasis, string>> = {
  lunar: "0.025",
  gregorian: "0.02577",
};

/** The highest rate any methodology applies (the properties' upper bound). */
export const maxZakatRate = "0.02577";
