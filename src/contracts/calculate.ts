import { z } from "zod";
import { currencyCodes } from "../domain/money/currency.ts";
import { maxFractionDigits, maxIntegerDigits, parseWireDecimal } from "../domain/money/decimal.ts";
import {
  assetCategories,
  bankAccountLabelPresets,
  rateSources,
  liabilityTypes,
  maxBankAccounts,
  maxBankAccountsMessage,
} from "../domain/zakat/input.ts";
import {
  defaultMethodology,
  hawlRules,
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  nisabMethods,
  nisabStandards,
  presetIds,
  methodologyYearBases,
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

/** An amount in any of the calculator's currencies, converted at the day's rate. */
export const foreignAmountSchema = z.strictObject({
  amount: amountSchema,
  currency: z.enum(currencyCodes),
});

function receivedType(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  return typeof input;
}

/**
 * A money amount: a wire decimal in the calculation's currency (as always), or
 * `{ amount, currency }` (docs/decisions/022-live-prices-currencies-as-of.md). A string is
 * refused with the codes of `amountSchema`, anything else but an object as before.
 */
export const moneyAmountSchema = z.union([amountSchema, foreignAmountSchema], {
  error: (issue) =>
    typeof issue.input === "object" && issue.input !== null && !Array.isArray(issue.input)
      ? undefined
      : `Invalid input: expected string, received ${receivedType(issue.input)}`,
});

/** A rate: the value of one unit of a currency in the calculation's currency, above 0. */
export const rateValueSchema = pricePerGramSchema.meta({ examples: ["0.90"] });

/** A rate as the body gives it: the value alone, or with its source and day (a saved one). */
export const rateSchema = z.union([
  rateValueSchema,
  z.strictObject({ rate: rateValueSchema, source: z.enum(rateSources), date: z.iso.date() }),
]);

const zero = () => amountSchema.default("0");
const zeroMoney = () => moneyAmountSchema.default("0");
const karatSchema = z.union(goldKarats.map((k) => z.literal(k))).default(24);

export const methodologyRequestSchema = z.strictObject({
  preset: z.enum(presetIds).optional(),
  nisabStandard: z.enum(nisabStandards).optional(),
  nisabMethod: z.enum(nisabMethods).optional(),
  yearBasis: z.enum(methodologyYearBases).optional(),
  hawlRule: z.enum(hawlRules).optional(),
  jewellery: z.enum(jewelleryRules).optional(),
  longTermShares: z.enum(longTermShareRules).optional(),
  longTermDebts: z.enum(longTermDebtRules).optional(),
});

export const methodologySchema = z.object({
  preset: z.enum(presetIds),
  nisabStandard: z.enum(nisabStandards),
  nisabMethod: z.enum(nisabMethods),
  yearBasis: z.enum(methodologyYearBases),
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
  amount: moneyAmountSchema,
});

export const calculateRequestSchema = z.strictObject({
  currency: z.enum(currencyCodes),
  /** omitted: the price source's prices of `asOf` (or of the nearest earlier day known) */
  prices: z
    .strictObject({ goldPerGram: pricePerGramSchema, silverPerGram: pricePerGramSchema })
    .optional(),
  /** the day the calculation is for (YYYY-MM-DD); today when omitted */
  asOf: z.iso.date().optional(),
  /**
   * Rates of the other currencies amounts are in: the value of one unit in `currency`
   * ({ "USD": "0.90" }). A currency without one takes the price source's rate of `asOf`.
   */
  rates: z.partialRecord(z.enum(currencyCodes), rateSchema).optional(),
  /** a preset (Standard when omitted) and any fields overriding it */
  methodology: methodologyRequestSchema.prefault({}),
  /** omitted: every category counts; given: only the categories set to true */
  assetSelection: flags(assetCategories).optional(),
  /** omitted: every liability is deducted; given: only the ones set to true */
  liabilitySelection: flags(liabilityTypes).optional(),
  cashAmounts: z
    .strictObject({
      cashInHand: zeroMoney(),
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
    .strictObject({
      loan: zeroMoney(),
      moneyExpectedFromSale: zeroMoney(),
      weakDebts: zeroMoney(),
    })
    .prefault({}),
  sharesBusinessAmounts: z
    .strictObject({
      shares: zeroMoney(),
      longTermShares: zeroMoney(),
      crypto: zeroMoney(),
      businessAssets: zeroMoney(),
    })
    .prefault({}),
  liabilityAmounts: z
    .strictObject(
      Object.fromEntries(liabilityTypes.map((k) => [k, zeroMoney()])) as Record<
        (typeof liabilityTypes)[number],
        ReturnType<typeof zeroMoney>
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
  /** an amount entered in another currency: `entered` is its value in the calculation's */
  conversion: z
    .object({
      /** as entered, in `currency` */
      amount: z.string(),
      currency: z.enum(currencyCodes),
      /** one `currency` in the calculation's currency */
      rate: z.string(),
      source: z.enum(rateSources),
      date: z.iso.date(),
      /** amount × rate, rounded */
      value: moneyOut,
    })
    .optional(),
});

/** A rate a calculation used, with where it came from and its day. */
export const usedRateSchema = z.object({
  rate: z.string(),
  source: z.enum(rateSources),
  date: z.iso.date(),
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
  /** the rates of the other currencies used (none when every amount is in `currency`) */
  rates: z.partialRecord(z.enum(currencyCodes), usedRateSchema).optional(),
  /** the day the calculation is for */
  asOf: z.iso.date().optional(),
  /** the prices used: the body's (`request`) or the price source's, with their day */
  prices: z
    .object({
      goldPerGram: z.string(),
      silverPerGram: z.string(),
      source: z.enum(rateSources),
      date: z.iso.date(),
    })
    .optional(),
});
export type CalculateResponse = z.infer<typeof calculateResponseSchema>;

/** API.md's example body, and one per preset for the OpenAPI document. */
export const calculateRequestExample: CalculateRequest = {
  currency: "EUR",
  prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
  methodology: defaultMethodology,
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
