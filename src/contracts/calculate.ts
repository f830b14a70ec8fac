import { z } from "zod";
import { currencyCodes } from "../domain/money/currency.ts";
import { maxFractionDigits, maxIntegerDigits, parseWireDecimal } from "../domain/money/decimal.ts";
import {
  assetCategories,
  bankAccountLabelPresets,
  liabilityTypes,
  maxBankAccounts,
  maxBankAccountsMessage,
} from "../domain/zakat/input.ts";
import {
  hawlRules,
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  nisabMethods,
  nisabStandards,
  presetIds,
  yearBases,
} from "../domain/zakat/methodology.ts";
import { ruleIds } from "../domain/zakat/rules.ts";
import { goldKarats } from "../domain/zakat/weights.ts";

// POST /api/calculate (API.md "POST /api/calculate — request and response"). The same body is
// the calculation part of a saved calculation.

const wirePattern = `^\\d{1,${maxIntegerDigits}}(\\.\\d{1,${maxFractionDigits}})?$`;

/**
 * A non-negative amount as a wire decimal string (`parseWireDecimal`): "1234.56". Refusals are
 * reported by code in `fields`: invalid_decimal (NaN, 1e309, "1.234,56"…), negative, too_large
 * (more than 20 integer digits), too_precise (more than 10 decimals), empty.
 */
export const amountSchema = z
  .string()
  .superRefine((text, ctx) => {
    const parsed = parseWireDecimal(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  })
  .meta({ pattern: wirePattern, examples: ["1234.56"] });

/** A price per gram: a wire decimal above 0 (a nisab of 0 would make every amount liable). */
export const pricePerGramSchema = z
  .string()
  .superRefine((text, ctx) => {
    const parsed = parseWireDecimal(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    else if (parsed.value.isZero()) ctx.addIssue({ code: "custom", message: "must_be_positive" });
  })
  .meta({ pattern: wirePattern, examples: ["80.00"] });

const zero = () => amountSchema.default("0");
const karatSchema = z.union(goldKarats.map((k) => z.literal(k))).default(24);

export const methodologyRequestSchema = z.strictObject({
  preset: z.enum(presetIds).optional(),
  nisabStandard: z.enum(nisabStandards).optional(),
  nisabMethod: z.enum(nisabMethods).optional(),
  yearBasis: z.enum(yearBases).optional(),
  hawlRule: z.enum(hawlRules).optional(),
  jewellery: z.enum(jewelleryRules).optional(),
  longTermShares: z.enum(longTermShareRules).optional(),
  longTermDebts: z.enum(longTermDebtRules).optional(),
});

export const methodologySchema = z.object({
  preset: z.enum(presetIds),
  nisabStandard: z.enum(nisabStandards),
  nisabMethod: z.enum(nisabMethods),
  yearBasis: z.enum(yearBases),
  hawlRule: z.enum(hawlRules),
  jewellery: z.enum(jewelleryRules),
  longTermShares: z.enum(longTermShareRules),
  longTermDebts: z.enum(longTermDebtRules),
});

const flags = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((k) => [k, z.boolean().default(false)])) as Record<
      K,
      z.ZodDefault<z.ZodBoolean>
    >,
  );

export const bankAccountSchema = z.strictObject({
  id: z.string().min(1, "required").max(100, "too_long"),
  /** a preset (savings, checking, business, investment, other, custom) or the user's own text */
  label: z
    .string()
    .trim()
    .max(100, "too_long")
    .default("other")
    .meta({ examples: [...bankAccountLabelPresets] }),
  amount: amountSchema,
});

export const calculateRequestSchema = z.strictObject({
  currency: z.enum(currencyCodes),
  prices: z.strictObject({ goldPerGram: pricePerGramSchema, silverPerGram: pricePerGramSchema }),
  /** a preset (Standard when omitted) and any fields overriding it */
  methodology: methodologyRequestSchema.prefault({}),
  /** omitted: every category counts; given: only the categories set to true */
  assetSelection: flags(assetCategories).optional(),
  /** omitted: every liability is deducted; given: only the ones set to true */
  liabilitySelection: flags(liabilityTypes).optional(),
  cashAmounts: z
    .strictObject({
      cashInHand: zero(),
      bankAccounts: z
        .array(bankAccountSchema)
        .max(maxBankAccounts, maxBankAccountsMessage)
        .default([]),
    })
    .prefault({}),
  goldSilverAmounts: z
    .strictObject({
      /** false: amounts are values in the currency; true: weights in grams */
      isWeight: z.boolean().default(false),
      gold: zero(),
      silver: zero(),
      goldKarat: karatSchema,
      goldJewellery: zero(),
      goldJewelleryKarat: karatSchema,
      silverJewellery: zero(),
    })
    .prefault({}),
  moneyOwedAmounts: z
    .strictObject({ loan: zero(), moneyExpectedFromSale: zero(), weakDebts: zero() })
    .prefault({}),
  sharesBusinessAmounts: z
    .strictObject({
      shares: zero(),
      longTermShares: zero(),
      crypto: zero(),
      businessAssets: zero(),
    })
    .prefault({}),
  liabilityAmounts: z
    .strictObject(
      Object.fromEntries(liabilityTypes.map((k) => [k, zero()])) as Record<
        (typeof liabilityTypes)[number],
        ReturnType<typeof zero>
      >,
    )
    .prefault({}),
});
export type CalculateRequest = z.input<typeof calculateRequestSchema>;
export type ParsedCalculateRequest = z.output<typeof calculateRequestSchema>;

const moneyOut = z.string().meta({ examples: ["327.50"] });

export const resultLineSchema = z.object({
  kind: z.enum(["asset", "liability", "nisab", "zakat"]),
  category: z.enum([...assetCategories, "liabilities", "nisab", "zakat"]),
  /** where the amount came from: "cashAmounts.bankAccounts.0" */
  input: z.string(),
  label: z.string().optional(),
  /** as entered: money, or grams for gold and silver by weight (not rounded) */
  entered: z.string().optional(),
  /** what the line counts (0 when not counted), the nisab value, or the zakat due; rounded */
  amount: moneyOut,
  rule: z.enum(ruleIds),
  text: z.string(),
});

export const calculateResponseSchema = z.object({
  currency: z.enum(currencyCodes),
  totalAssets: moneyOut,
  totalLiabilities: moneyOut,
  zakatableAmount: moneyOut,
  nissabValue: moneyOut,
  goldNissabValue: moneyOut,
  silverNissabValue: moneyOut,
  /** zakatable amount ≥ nisab value: exactly at nisab is liable */
  isAboveNissab: z.boolean(),
  zakatDue: moneyOut,
  /** exact: "0.025" (lunar) or "0.02577" (Gregorian) */
  rate: z.string(),
  lines: z.array(resultLineSchema),
  methodology: methodologySchema,
});
export type CalculateResponse = z.infer<typeof calculateResponseSchema>;

/** API.md's example body, and one per preset for the OpenAPI document. */
export const calculateRequestExample: CalculateRequest = {
  currency: "EUR",
  prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
  methodology: {
    preset: "standard",
    nisabStandard: "85_595",
    nisabMethod: "minimum",
    yearBasis: "lunar",
    hawlRule: "majority",
    jewellery: "zakatable",
    longTermShares: "full",
    longTermDebts: "next12Months",
  },
  assetSelection: {
    cash: true,
    goldAndSilver: true,
    moneyOwedToMe: false,
    sharesCrypto: false,
    businessAssets: false,
  },
  liabilitySelection: {
    mortgage: false,
    personalLoans: true,
    creditCard: false,
    utilityBills: false,
    overdraft: false,
    businessLiabilities: false,
  },
  cashAmounts: {
    cashInHand: "500",
    bankAccounts: [{ id: "a1", label: "savings", amount: "12000" }],
  },
  goldSilverAmounts: { gold: "20", silver: "0", isWeight: true },
  moneyOwedAmounts: { loan: "0", moneyExpectedFromSale: "0" },
  sharesBusinessAmounts: { shares: "0", crypto: "0", businessAssets: "0" },
  liabilityAmounts: { personalLoans: "1000" },
};

export const calculateRequestExamples: Record<
  string,
  { summary: string; value: CalculateRequest }
> = {
  standard: { summary: "Standard preset (API.md's example)", value: calculateRequestExample },
  hanafi: {
    summary: "Hanafi preset: tola nisab, jewellery by weight counts",
    value: {
      currency: "PKR",
      prices: { goldPerGram: "24000", silverPerGram: "290" },
      methodology: { preset: "hanafi" },
      cashAmounts: { cashInHand: "150000", bankAccounts: [] },
      goldSilverAmounts: { isWeight: true, goldJewellery: "23.328", goldJewelleryKarat: 22 },
      liabilityAmounts: { utilityBills: "12000" },
    },
  },
  shafii_hanbali: {
    summary: "Shafi'i / Hanbali preset: worn jewellery exempt, Gregorian year",
    value: {
      currency: "MYR",
      prices: { goldPerGram: "400", silverPerGram: "4.50" },
      methodology: { preset: "shafii_hanbali", yearBasis: "gregorian" },
      cashAmounts: {
        cashInHand: "2000",
        bankAccounts: [{ id: "b1", label: "savings", amount: "30000" }],
      },
      goldSilverAmounts: { isWeight: false, goldJewellery: "8000" },
    },
  },
  maliki: {
    summary: "Maliki preset: long-term shares at a 25 % proxy, mortgage payments of 12 months",
    value: {
      currency: "MAD",
      prices: { goldPerGram: "900", silverPerGram: "10" },
      methodology: { preset: "maliki", longTermShares: "proxy25" },
      cashAmounts: { cashInHand: "5000", bankAccounts: [] },
      sharesBusinessAmounts: { longTermShares: "100000" },
      liabilityAmounts: { mortgage: "24000" },
    },
  },
};
