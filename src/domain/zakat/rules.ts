import { nisabGrams, type Methodology } from "./methodology.ts";

// Stable rule ids of the result lines, and their English text. The web translates by id; the
// text is what the API returns (the methodology fills in grams where a rule names them).

export const ruleIds = [
  "asset.notSelected",
  "cash.counted",
  "gold.byValue",
  "gold.byWeight",
  "silver.byValue",
  "silver.byWeight",
  "jewellery.zakatable",
  "jewellery.exempt",
  "owed.strong",
  "owed.weak",
  "shares.trading",
  "longTermShares.full",
  "longTermShares.proxy25",
  "longTermShares.proxy30",
  "crypto.counted",
  "business.counted",
  "liability.notSelected",
  "liability.dueNow",
  "liability.longTerm.next12Months",
  "liability.longTerm.full",
  "nisab.minimum",
  "nisab.gold",
  "nisab.silver",
  "zakat.lunar",
  "zakat.gregorian",
  "zakat.belowNisab",
] as const;
export type RuleId = (typeof ruleIds)[number];

export function ruleText(rule: RuleId, methodology: Methodology): string {
  const { gold, silver } = nisabGrams[methodology.nisabStandard];
  switch (rule) {
    case "asset.notSelected":
      return "Not counted: this category is not selected.";
    case "cash.counted":
      return "Cash in hand and bank balances count in full.";
    case "gold.byValue":
      return "Gold kept as savings counts at its value.";
    case "gold.byWeight":
      return "Gold kept as savings counts by weight: grams × karat / 24 × the gold price per gram.";
    case "silver.byValue":
      return "Silver kept as savings counts at its value.";
    case "silver.byWeight":
      return "Silver kept as savings counts by weight: grams × the silver price per gram.";
    case "jewellery.zakatable":
      return "Personal jewellery counts in full (Hanafi view).";
    case "jewellery.exempt":
      return "Personal jewellery that is worn is exempt (Maliki, Shafi'i and Hanbali view); jewellery kept as savings belongs under gold or silver.";
    case "owed.strong":
      return "A strong debt owed to you (acknowledged, and the debtor can pay) counts in full.";
    case "owed.weak":
      return "A weak debt owed to you (unpaid wages, mahr, an inheritance not yet received) does not count until it is received.";
    case "shares.trading":
      return "Shares held to trade count at full market value.";
    case "longTermShares.full":
      return "Shares held for the long term count at full market value.";
    case "longTermShares.proxy25":
      return "Shares held for the long term: 25 % of market value counts, a proxy for the companies' zakatable assets.";
    case "longTermShares.proxy30":
      return "Shares held for the long term: 30 % of market value counts, a proxy for the companies' zakatable assets.";
    case "crypto.counted":
      return "Crypto-assets count at market value.";
    case "business.counted":
      return "Business assets (stock for sale, receivables, business cash) count at their value.";
    case "liability.notSelected":
      return "Not deducted: this liability is not selected.";
    case "liability.dueNow":
      return "Deducted in full: a debt due now.";
    case "liability.longTerm.next12Months":
      return "Deducted: a long-term debt, of which only the payments due in the next 12 months are entered.";
    case "liability.longTerm.full":
      return "Deducted: a long-term debt, its full outstanding amount.";
    case "nisab.minimum":
      return `Nisab: the lower of ${gold} g of gold and ${silver} g of silver at the prices given.`;
    case "nisab.gold":
      return `Nisab: ${gold} g of gold at the gold price given.`;
    case "nisab.silver":
      return `Nisab: ${silver} g of silver at the silver price given.`;
    case "zakat.lunar":
      return "Zakat: 2.5 % of the zakatable amount (lunar year). Wealth that reaches nisab exactly is liable.";
    case "zakat.gregorian":
      return "Zakat: 2.577 % of the zakatable amount (Gregorian year: 2.5 % × 365.25 / 354.37). Wealth that reaches nisab exactly is liable.";
    case "zakat.belowNisab":
      return "No zakat due: the zakatable amount is below nisab.";
  }
}
