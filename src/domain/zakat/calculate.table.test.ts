import { describe, expect, it } from "vitest";
import { toMinorUnitString } from "../money/decimal.ts";
import { calculateZakat } from "./calculate.ts";
import type { PresetId } from "./methodology.ts";
import { exampleInput, type ExampleSpec } from "./test-input.ts";

// Worked examples, one row per case, checked by hand. Prices are 80 per gram of gold and 0.95
// per gram of silver unless a row says otherwise, so the nisab values are:
//   85 g / 595 g:          gold 85 × 80 = 6800,        silver 595 × 0.95 = 565.25    → minimum 565.25
//   87.48 g / 612.36 g:    gold 87.48 × 80 = 6998.40,  silver 612.36 × 0.95 = 581.742 → minimum 581.742
// Expected: total assets, total liabilities, zakatable amount, nisab value, liable?, zakat due,
// each rounded half-up to cents at the end (EUR). `rules` lists the rule of every line in order.

type Expected = [
  assets: string,
  liabilities: string,
  zakatable: string,
  nisab: string,
  liable: boolean,
  due: string,
];
type Row = [name: string, spec: ExampleSpec, expected: Expected, rules?: string[]];

const T15 = "1000000000000000"; // 10^15

const tables: Record<PresetId, Row[]> = {
  standard: [
    [
      "API.md example: cash, 20 g of 24 k gold, a personal loan",
      {
        select: { moneyOwedToMe: false, sharesCrypto: false, businessAssets: false },
        cash: "500",
        banks: ["12000"],
        metal: { isWeight: true, gold: "20" },
        debts: { personalLoans: "1000" },
      },
      ["14100.00", "1000.00", "13100.00", "565.25", true, "327.50"],
      [
        "cash.counted",
        "cash.counted",
        "gold.byWeight",
        "liability.longTerm.next12Months",
        "nisab.minimum",
        "zakat.lunar",
      ],
    ],
    [
      "nothing entered",
      {},
      ["0.00", "0.00", "0.00", "565.25", false, "0.00"],
      ["nisab.minimum", "zakat.belowNisab"],
    ],
    [
      "exactly at nisab is liable: 565.25 × 2.5 % = 14.13125",
      { cash: "565.25" },
      ["565.25", "0.00", "565.25", "565.25", true, "14.13"],
    ],
    [
      "one cent below nisab",
      { cash: "565.24" },
      ["565.24", "0.00", "565.24", "565.25", false, "0.00"],
    ],
    [
      "a fraction of a cent below nisab: shown equal, not liable (rounding only at the end)",
      { cash: "565.245" },
      ["565.25", "0.00", "565.25", "565.25", false, "0.00"],
    ],
    [
      "liabilities larger than assets: zakatable never below 0",
      { cash: "1000", debts: { creditCard: "5000" } },
      ["1000.00", "5000.00", "0.00", "565.25", false, "0.00"],
      ["cash.counted", "liability.dueNow", "nisab.minimum", "zakat.belowNisab"],
    ],
    [
      "10^15 in cash: 2.5 × 10^13",
      { cash: T15 },
      ["1000000000000000.00", "0.00", "1000000000000000.00", "565.25", true, "25000000000000.00"],
    ],
    [
      "10^15 in hand and in each of 5 bank accounts",
      { cash: T15, banks: [T15, T15, T15, T15, T15] },
      ["6000000000000000.00", "0.00", "6000000000000000.00", "565.25", true, "150000000000000.00"],
    ],
    [
      "gold and silver by value",
      { metal: { gold: "5000", silver: "300" } },
      ["5300.00", "0.00", "5300.00", "565.25", true, "132.50"],
      ["gold.byValue", "silver.byValue", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "by weight: 24 g of 18 k = 18 g × 80 = 1440; 100 g silver × 0.95 = 95; 38.375 rounds up",
      { metal: { isWeight: true, gold: "24", goldKarat: 18, silver: "100" } },
      ["1535.00", "0.00", "1535.00", "565.25", true, "38.38"],
      ["gold.byWeight", "silver.byWeight", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "personal jewellery zakatable: 12 g of 22 k = 11 g × 80 = 880",
      { metal: { isWeight: true, goldJewellery: "12", goldJewelleryKarat: 22 } },
      ["880.00", "0.00", "880.00", "565.25", true, "22.00"],
      ["jewellery.zakatable", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "money owed: strong debts count, weak debts do not",
      { owed: { loan: "2000", moneyExpectedFromSale: "1000", weakDebts: "5000" } },
      ["3000.00", "0.00", "3000.00", "565.25", true, "75.00"],
      ["owed.strong", "owed.strong", "owed.weak", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "shares to trade, long-term shares at full value, crypto",
      { holdings: { shares: "1000", longTermShares: "4000", crypto: "500" } },
      ["5500.00", "0.00", "5500.00", "565.25", true, "137.50"],
      ["shares.trading", "longTermShares.full", "crypto.counted", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "business assets less business liabilities (next 12 months)",
      { holdings: { businessAssets: "20000" }, debts: { businessLiabilities: "5000" } },
      ["20000.00", "5000.00", "15000.00", "565.25", true, "375.00"],
      ["business.counted", "liability.longTerm.next12Months", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "an unselected asset category does not count",
      { select: { cash: false }, cash: "10000", metal: { gold: "1000" } },
      ["1000.00", "0.00", "1000.00", "565.25", true, "25.00"],
      ["asset.notSelected", "gold.byValue", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "an unselected liability is not deducted",
      { select: { mortgage: false }, cash: "10000", debts: { mortgage: "50000" } },
      ["10000.00", "0.00", "10000.00", "565.25", true, "250.00"],
      ["cash.counted", "liability.notSelected", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "every liability type",
      {
        cash: "100000",
        debts: {
          mortgage: "12000",
          personalLoans: "3000",
          creditCard: "1500",
          utilityBills: "300",
          overdraft: "200",
          businessLiabilities: "1000",
        },
      },
      ["100000.00", "18000.00", "82000.00", "565.25", true, "2050.00"],
    ],
    [
      "nisab by gold: 6799.99 is below 6800",
      { methodology: { nisabMethod: "gold" }, cash: "6799.99" },
      ["6799.99", "0.00", "6799.99", "6800.00", false, "0.00"],
      ["cash.counted", "nisab.gold", "zakat.belowNisab"],
    ],
    [
      "nisab by gold: exactly 6800 is liable",
      { methodology: { nisabMethod: "gold" }, cash: "6800" },
      ["6800.00", "0.00", "6800.00", "6800.00", true, "170.00"],
    ],
    [
      "nisab by silver at 1.00 per gram: 595 × 2.5 % = 14.875 rounds up",
      { methodology: { nisabMethod: "silver" }, prices: ["80", "1.00"], cash: "595" },
      ["595.00", "0.00", "595.00", "595.00", true, "14.88"],
      ["cash.counted", "nisab.silver", "zakat.lunar"],
    ],
    [
      "Gregorian year: 2.577 %",
      { methodology: { yearBasis: "gregorian" }, cash: "10000" },
      ["10000.00", "0.00", "10000.00", "565.25", true, "257.70"],
      ["cash.counted", "nisab.minimum", "zakat.gregorian"],
    ],
    [
      "Gregorian year on 10^15",
      { methodology: { yearBasis: "gregorian" }, cash: T15 },
      ["1000000000000000.00", "0.00", "1000000000000000.00", "565.25", true, "25770000000000.00"],
    ],
    [
      "long-term shares, 25 % proxy: 10000 → 2500",
      { methodology: { longTermShares: "proxy25" }, holdings: { longTermShares: "10000" } },
      ["2500.00", "0.00", "2500.00", "565.25", true, "62.50"],
      ["longTermShares.proxy25", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "long-term shares, 30 % proxy: 10000 → 3000",
      { methodology: { longTermShares: "proxy30" }, holdings: { longTermShares: "10000" } },
      ["3000.00", "0.00", "3000.00", "565.25", true, "75.00"],
      ["longTermShares.proxy30", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "long-term debts in full: the whole mortgage balance",
      { methodology: { longTermDebts: "full" }, cash: "200000", debts: { mortgage: "150000" } },
      ["200000.00", "150000.00", "50000.00", "565.25", true, "1250.00"],
      ["cash.counted", "liability.longTerm.full", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "minimum when gold is the lower: 85 × 10 = 850 < 595 × 2 = 1190",
      { prices: ["10", "2"], cash: "850" },
      ["850.00", "0.00", "850.00", "850.00", true, "21.25"],
    ],
    [
      "half a cent rounds up: 1000.20 × 2.5 % = 25.005",
      { cash: "1000.20" },
      ["1000.20", "0.00", "1000.20", "565.25", true, "25.01"],
    ],
  ],
  hanafi: [
    [
      "exactly at the tola nisab 581.742: 14.54355",
      { cash: "581.742" },
      ["581.74", "0.00", "581.74", "581.74", true, "14.54"],
    ],
    [
      "581.74 is below the tola nisab (liable under Standard)",
      { cash: "581.74" },
      ["581.74", "0.00", "581.74", "581.74", false, "0.00"],
    ],
    ["600 in cash", { cash: "600" }, ["600.00", "0.00", "600.00", "581.74", true, "15.00"]],
    [
      "personal jewellery by value counts",
      { metal: { goldJewellery: "2000" } },
      ["2000.00", "0.00", "2000.00", "581.74", true, "50.00"],
      ["jewellery.zakatable", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "jewellery 8 g of 21 k = 7 g × 80 = 560, below nisab",
      { metal: { isWeight: true, goldJewellery: "8", goldJewelleryKarat: 21 } },
      ["560.00", "0.00", "560.00", "581.74", false, "0.00"],
    ],
    [
      "jewellery 16 g of 21 k = 14 g × 80 = 1120",
      { metal: { isWeight: true, goldJewellery: "16", goldJewelleryKarat: 21 } },
      ["1120.00", "0.00", "1120.00", "581.74", true, "28.00"],
    ],
    ["nothing entered", {}, ["0.00", "0.00", "0.00", "581.74", false, "0.00"]],
    [
      "liabilities larger than assets",
      { cash: "1000", debts: { personalLoans: "2000" } },
      ["1000.00", "2000.00", "0.00", "581.74", false, "0.00"],
    ],
    [
      "10^15 of business assets",
      { holdings: { businessAssets: T15 } },
      ["1000000000000000.00", "0.00", "1000000000000000.00", "581.74", true, "25000000000000.00"],
    ],
    [
      "nisab by gold: exactly 87.48 × 80 = 6998.40",
      { methodology: { nisabMethod: "gold" }, cash: "6998.40" },
      ["6998.40", "0.00", "6998.40", "6998.40", true, "174.96"],
    ],
    [
      "nisab by silver at 1.00: exactly 612.36; 15.309",
      { methodology: { nisabMethod: "silver" }, prices: ["80", "1.00"], cash: "612.36" },
      ["612.36", "0.00", "612.36", "612.36", true, "15.31"],
    ],
    [
      "Gregorian year",
      { methodology: { yearBasis: "gregorian" }, cash: "10000" },
      ["10000.00", "0.00", "10000.00", "581.74", true, "257.70"],
    ],
    [
      "only weak debts owed: nothing counts",
      { owed: { weakDebts: "10000" } },
      ["0.00", "0.00", "0.00", "581.74", false, "0.00"],
      ["owed.weak", "nisab.minimum", "zakat.belowNisab"],
    ],
    [
      "10 g of 22 k gold = 9.1666… g × 80 = 733.333…; total 1733.333…, zakat 43.333…",
      { cash: "1000", metal: { isWeight: true, gold: "10", goldKarat: 22 } },
      ["1733.33", "0.00", "1733.33", "581.74", true, "43.33"],
    ],
  ],
  shafii_hanbali: [
    [
      "personal jewellery is exempt",
      { metal: { goldJewellery: "5000" } },
      ["0.00", "0.00", "0.00", "565.25", false, "0.00"],
      ["jewellery.exempt", "nisab.minimum", "zakat.belowNisab"],
    ],
    [
      "gold savings 10 g count, 100 g of 18 k jewellery do not",
      {
        metal: {
          isWeight: true,
          gold: "10",
          goldJewellery: "100",
          goldJewelleryKarat: 18,
        },
      },
      ["800.00", "0.00", "800.00", "565.25", true, "20.00"],
      ["gold.byWeight", "jewellery.exempt", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "600 g of silver savings (570) count, 1000 g of silver jewellery do not",
      { metal: { isWeight: true, silver: "600", silverJewellery: "1000" } },
      ["570.00", "0.00", "570.00", "565.25", true, "14.25"],
    ],
    ["exactly at nisab", { cash: "565.25" }, ["565.25", "0.00", "565.25", "565.25", true, "14.13"]],
    ["nothing entered", {}, ["0.00", "0.00", "0.00", "565.25", false, "0.00"]],
    [
      "10^15 in cash and 10^15 of exempt jewellery",
      { cash: T15, metal: { goldJewellery: T15 } },
      ["1000000000000000.00", "0.00", "1000000000000000.00", "565.25", true, "25000000000000.00"],
    ],
    [
      "overdraft larger than cash",
      { cash: "500", debts: { overdraft: "600" } },
      ["500.00", "600.00", "0.00", "565.25", false, "0.00"],
    ],
    [
      "jewellery made zakatable by the user",
      { methodology: { jewellery: "zakatable" }, metal: { goldJewellery: "2000" } },
      ["2000.00", "0.00", "2000.00", "565.25", true, "50.00"],
      ["jewellery.zakatable", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "30 % proxy on a Gregorian year: 100000 → 30000 × 2.577 %",
      {
        methodology: { longTermShares: "proxy30", yearBasis: "gregorian" },
        holdings: { longTermShares: "100000" },
      },
      ["30000.00", "0.00", "30000.00", "565.25", true, "773.10"],
    ],
    [
      "full mortgage balance brings wealth below nisab",
      { methodology: { longTermDebts: "full" }, cash: "10000", debts: { mortgage: "9500" } },
      ["10000.00", "9500.00", "500.00", "565.25", false, "0.00"],
    ],
    [
      "a strong and a weak debt",
      { owed: { loan: "1000", weakDebts: "1000" } },
      ["1000.00", "0.00", "1000.00", "565.25", true, "25.00"],
    ],
    [
      "gold not selected",
      { select: { goldAndSilver: false }, cash: "100", metal: { gold: "5000" } },
      ["100.00", "0.00", "100.00", "565.25", false, "0.00"],
      ["cash.counted", "asset.notSelected", "nisab.minimum", "zakat.belowNisab"],
    ],
  ],
  maliki: [
    [
      "cash with exempt jewellery",
      { cash: "10000", metal: { goldJewellery: "3000" } },
      ["10000.00", "0.00", "10000.00", "565.25", true, "250.00"],
      ["cash.counted", "jewellery.exempt", "nisab.minimum", "zakat.lunar"],
    ],
    [
      "nisab by gold, exactly 6800",
      { methodology: { nisabMethod: "gold" }, cash: "6800" },
      ["6800.00", "0.00", "6800.00", "6800.00", true, "170.00"],
    ],
    [
      "nisab by silver, exactly 565.25",
      { methodology: { nisabMethod: "silver" }, cash: "565.25" },
      ["565.25", "0.00", "565.25", "565.25", true, "14.13"],
      ["cash.counted", "nisab.silver", "zakat.lunar"],
    ],
    ["nothing entered", {}, ["0.00", "0.00", "0.00", "565.25", false, "0.00"]],
    [
      "business liabilities one more than business assets",
      { holdings: { businessAssets: "1000" }, debts: { businessLiabilities: "1001" } },
      ["1000.00", "1001.00", "0.00", "565.25", false, "0.00"],
    ],
    [
      "10^15 of crypto on a Gregorian year",
      { methodology: { yearBasis: "gregorian" }, holdings: { crypto: T15 } },
      ["1000000000000000.00", "0.00", "1000000000000000.00", "565.25", true, "25770000000000.00"],
    ],
    [
      "25 % proxy: 2000 → 500, plus 1000 of trading shares",
      {
        methodology: { longTermShares: "proxy25" },
        holdings: { shares: "1000", longTermShares: "2000" },
      },
      ["1500.00", "0.00", "1500.00", "565.25", true, "37.50"],
    ],
    [
      "tola standard chosen: exactly 581.742",
      { methodology: { nisabStandard: "87.48_612.36" }, cash: "581.742" },
      ["581.74", "0.00", "581.74", "581.74", true, "14.54"],
    ],
    [
      "one cent below nisab",
      { cash: "565.24" },
      ["565.24", "0.00", "565.24", "565.25", false, "0.00"],
    ],
    [
      "odd prices: silver nisab 595 × 0.789 = 469.455, exactly reached; 11.736375",
      { prices: ["60.123", "0.789"], cash: "469.455" },
      ["469.46", "0.00", "469.46", "469.46", true, "11.74"],
    ],
    [
      "five bank accounts and cash in hand",
      { cash: "100", banks: ["100", "100", "100", "100", "100"] },
      ["600.00", "0.00", "600.00", "565.25", true, "15.00"],
    ],
    [
      "700 g of silver savings (665) count, 700 g of silver jewellery do not; 16.625",
      { metal: { isWeight: true, silver: "700", silverJewellery: "700" } },
      ["665.00", "0.00", "665.00", "565.25", true, "16.63"],
    ],
  ],
};

describe.each(Object.entries(tables) as [PresetId, Row[]][])(
  "worked examples: %s",
  (preset, rows) => {
    it.each(rows)("%s", (_name, spec, expected, rules) => {
      const result = calculateZakat(exampleInput(preset, spec));
      const eur = (value: Parameters<typeof toMinorUnitString>[0]) =>
        toMinorUnitString(value, "EUR");
      expect([
        eur(result.totalAssets),
        eur(result.totalLiabilities),
        eur(result.zakatableAmount),
        eur(result.nisabValue),
        result.isAboveNisab,
        eur(result.zakatDue),
      ]).toEqual(expected);
      expect(result.methodology.preset).toBe(preset);
      if (rules) expect(result.lines.map((l) => l.rule)).toEqual(rules);
    });
  },
);

it("holds at least 40 worked examples, at least 10 per preset", () => {
  const counts = Object.values(tables).map((rows) => rows.length);
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(40);
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(10);
});
