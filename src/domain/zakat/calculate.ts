import {
  decimalFromWire,
  grams,
  maxMoney,
  minMoney,
  money,
  pricePerGram,
  sumMoney,
  toPlainString,
  valueOfWeight,
  zeroMoney,
  type Decimal,
  type Money,
} from "../money/decimal.ts";
import type { CurrencyCode } from "../money/currency.ts";
import {
  longTermLiabilities,
  liabilityTypes,
  maxBankAccounts,
  maxBankAccountsMessage,
  type AssetCategory,
  type ExchangeRates,
  type LiabilityType,
  type MoneyAmount,
  type RateSource,
  type ZakatInput,
} from "./input.ts";
import { nisabGrams, zakatRates, type Methodology } from "./methodology.ts";
import { ruleText, type RuleId } from "./rules.ts";
import { pureGoldGrams, type GoldKarat } from "./weights.ts";

/** How an amount in another currency became money of the calculation's currency. */
export interface Conversion {
  /** the amount as entered, in `currency` */
  amount: string;
  currency: CurrencyCode;
  /** the value of one `currency` in the calculation's currency */
  rate: string;
  source: RateSource;
  /** the day of the rate (YYYY-MM-DD) */
  date: string;
  /** amount × rate, in the calculation's currency (before the line's rule) */
  value: Money;
}

export interface ResultLine {
  kind: "asset" | "liability" | "nisab" | "zakat";
  category: AssetCategory | "liabilities" | "nisab" | "zakat";
  /** where the amount came from, as a path in the input: "cashAmounts.bankAccounts.0" */
  input: string;
  /** a bank account's label */
  label?: string;
  /** the amount as entered (money, or grams when gold and silver are by weight), in the
   *  calculation's currency: converted when `conversion` says so */
  entered?: string;
  /** an amount entered in another currency: the original, the rate, its source and date */
  conversion?: Conversion;
  /** what the line adds to its total (0 when not counted), the nisab value, or the zakat due */
  amount: Money;
  rule: RuleId;
  /** the rule in English */
  text: string;
}

/** Exact (unrounded) result; round with `toMinorUnitString` for display and the wire. */
export interface ZakatResult {
  currency: CurrencyCode;
  methodology: Methodology;
  totalAssets: Money;
  totalLiabilities: Money;
  /** total assets − total liabilities, never below 0 */
  zakatableAmount: Money;
  goldNisabValue: Money;
  silverNisabValue: Money;
  /** per the methodology's nisab method */
  nisabValue: Money;
  /** zakatable amount ≥ nisab value (at least: exactly at nisab is liable) */
  isAboveNisab: boolean;
  /** the rate as an exact decimal string: "0.025" or "0.02577" */
  rate: string;
  zakatDue: Money;
  /** one line per amount entered that is not zero, then the nisab line and the zakat line */
  lines: ResultLine[];
  /** the rates of `input.rates` that converted an amount (empty: every amount in `currency`) */
  rates: ExchangeRates;
}

const amount = (text: string): Decimal => decimalFromWire(text);

/** The currencies other than `currency` that `input`'s amounts are in (each needs a rate). */
export function foreignCurrencies(
  input: Pick<
    ZakatInput,
    "currency" | "cashAmounts" | "moneyOwedAmounts" | "sharesBusinessAmounts" | "liabilityAmounts"
  >,
): CurrencyCode[] {
  const found = new Set<CurrencyCode>();
  const visit = (value: MoneyAmount) => {
    if (typeof value !== "string" && value.currency !== input.currency) found.add(value.currency);
  };
  visit(input.cashAmounts.cashInHand);
  input.cashAmounts.bankAccounts.forEach((a) => visit(a.amount));
  Object.values(input.moneyOwedAmounts).forEach(visit);
  Object.values(input.sharesBusinessAmounts).forEach(visit);
  Object.values(input.liabilityAmounts).forEach(visit);
  return [...found];
}

/**
 * `value` in the calculation's currency: a string is already; an amount in another currency is
 * multiplied by its rate, exactly. A missing rate throws RangeError (the caller supplies every
 * rate `foreignCurrencies` names).
 */
export function convertAmount(
  value: MoneyAmount,
  currency: CurrencyCode,
  rates: ExchangeRates = {},
): { value: Decimal; conversion?: Conversion } {
  if (typeof value === "string") return { value: amount(value) };
  const original = amount(value.amount);
  if (value.currency === currency) return { value: original };
  const rate = rates[value.currency];
  if (!rate) throw new RangeError(`No rate for ${value.currency} in ${currency}`);
  const converted = money(original.times(amount(rate.rate)));
  return {
    value: converted,
    conversion: {
      amount: toPlainString(original),
      currency: value.currency,
      rate: toPlainString(amount(rate.rate)),
      source: rate.source,
      date: rate.date,
      value: converted,
    },
  };
}

/**
 * The zakat of `input`, exactly (decimal.js, no rounding). Only selected categories count.
 * Amounts must be wire decimals (the contract checks them; invalid ones throw RangeError), and
 * at most `maxBankAccounts` bank accounts. Pure: no clock, no I/O.
 */
export function calculateZakat(input: ZakatInput): ZakatResult {
  const { methodology } = input;
  if (input.cashAmounts.bankAccounts.length > maxBankAccounts) {
    throw new RangeError(maxBankAccountsMessage);
  }
  const goldPrice = pricePerGram(amount(input.prices.goldPerGram));
  const silverPrice = pricePerGram(amount(input.prices.silverPerGram));
  const lines: ResultLine[] = [];
  const line = (fields: Omit<ResultLine, "text">) => {
    lines.push({ ...fields, text: ruleText(fields.rule, methodology) });
  };

  // ---- assets
  const selected = input.assetSelection;
  const asset = (
    category: AssetCategory,
    path: string,
    entered: MoneyAmount,
    counted: (value: Decimal) => { amount: Money; rule: RuleId },
    label: { label?: string } = {},
  ) => {
    const { value, conversion } = convertAmount(entered, input.currency, input.rates);
    const assetLine = (result: { amount: Money; rule: RuleId }) =>
      line({
        kind: "asset",
        category,
        input: path,
        ...label,
        ...(conversion ? { conversion } : {}),
        entered: toPlainString(value),
        ...result,
      });
    if (!selected[category]) {
      if (!value.isZero()) assetLine({ amount: zeroMoney, rule: "asset.notSelected" });
      return;
    }
    if (value.isZero()) return;
    assetLine(counted(value));
  };
  const full = (rule: RuleId) => (value: Decimal) => ({ amount: money(value), rule });

  const cash = input.cashAmounts;
  asset("cash", "cashAmounts.cashInHand", cash.cashInHand, full("cash.counted"));
  cash.bankAccounts.forEach((account, index) => {
    asset("cash", `cashAmounts.bankAccounts.${index}`, account.amount, full("cash.counted"), {
      label: account.label,
    });
  });

  const metal = input.goldSilverAmounts;
  const goldValue = (karat: GoldKarat) => (value: Decimal) =>
    metal.isWeight ? valueOfWeight(pureGoldGrams(grams(value), karat), goldPrice) : money(value);
  const silverValue = (value: Decimal) =>
    metal.isWeight ? valueOfWeight(grams(value), silverPrice) : money(value);
  asset("goldAndSilver", "goldSilverAmounts.gold", metal.gold, (v) => ({
    amount: goldValue(metal.goldKarat)(v),
    rule: metal.isWeight ? "gold.byWeight" : "gold.byValue",
  }));
  asset("goldAndSilver", "goldSilverAmounts.silver", metal.silver, (v) => ({
    amount: silverValue(v),
    rule: metal.isWeight ? "silver.byWeight" : "silver.byValue",
  }));
  const jewellery = (value: () => Money) =>
    methodology.jewellery === "zakatable"
      ? { amount: value(), rule: "jewellery.zakatable" as const }
      : { amount: zeroMoney, rule: "jewellery.exempt" as const };
  asset("goldAndSilver", "goldSilverAmounts.goldJewellery", metal.goldJewellery, (v) =>
    jewellery(() => goldValue(metal.goldJewelleryKarat)(v)),
  );
  asset("goldAndSilver", "goldSilverAmounts.silverJewellery", metal.silverJewellery, (v) =>
    jewellery(() => silverValue(v)),
  );

  const owed = input.moneyOwedAmounts;
  asset("moneyOwedToMe", "moneyOwedAmounts.loan", owed.loan, full("owed.strong"));
  asset(
    "moneyOwedToMe",
    "moneyOwedAmounts.moneyExpectedFromSale",
    owed.moneyExpectedFromSale,
    full("owed.strong"),
  );
  asset("moneyOwedToMe", "moneyOwedAmounts.weakDebts", owed.weakDebts, () => ({
    amount: zeroMoney,
    rule: "owed.weak",
  }));

  const holdings = input.sharesBusinessAmounts;
  asset("sharesCrypto", "sharesBusinessAmounts.shares", holdings.shares, full("shares.trading"));
  const proxy = { full: "1", proxy25: "0.25", proxy30: "0.3" }[methodology.longTermShares];
  asset("sharesCrypto", "sharesBusinessAmounts.longTermShares", holdings.longTermShares, (v) => ({
    amount: money(v.times(proxy)),
    rule: `longTermShares.${methodology.longTermShares}`,
  }));
  asset("sharesCrypto", "sharesBusinessAmounts.crypto", holdings.crypto, full("crypto.counted"));
  asset(
    "businessAssets",
    "sharesBusinessAmounts.businessAssets",
    holdings.businessAssets,
    full("business.counted"),
  );

  // ---- liabilities
  for (const type of liabilityTypes) {
    const { value, conversion } = convertAmount(
      input.liabilityAmounts[type],
      input.currency,
      input.rates,
    );
    const isSelected = input.liabilitySelection[type];
    if (value.isZero()) continue;
    line({
      kind: "liability",
      category: "liabilities",
      input: `liabilityAmounts.${type}`,
      ...(conversion ? { conversion } : {}),
      entered: toPlainString(value),
      amount: isSelected ? money(value) : zeroMoney,
      rule: isSelected ? liabilityRule(type, methodology) : "liability.notSelected",
    });
  }

  const totalAssets = sumMoney(lines.filter((l) => l.kind === "asset").map((l) => l.amount));
  const totalLiabilities = sumMoney(
    lines.filter((l) => l.kind === "liability").map((l) => l.amount),
  );
  const zakatableAmount = maxMoney(money(totalAssets.minus(totalLiabilities)), zeroMoney);

  // ---- nisab and zakat
  const weights = nisabGrams[methodology.nisabStandard];
  const goldNisabValue = valueOfWeight(grams(weights.gold), goldPrice);
  const silverNisabValue = valueOfWeight(grams(weights.silver), silverPrice);
  const nisabValue = {
    minimum: minMoney(goldNisabValue, silverNisabValue),
    gold: goldNisabValue,
    silver: silverNisabValue,
  }[methodology.nisabMethod];
  line({
    kind: "nisab",
    category: "nisab",
    input: "prices",
    amount: nisabValue,
    rule: `nisab.${methodology.nisabMethod}`,
  });

  const isAboveNisab = zakatableAmount.greaterThanOrEqualTo(nisabValue);
  const rate = zakatRates[methodology.yearBasis];
  const zakatDue = isAboveNisab ? money(zakatableAmount.times(rate)) : zeroMoney;
  line({
    kind: "zakat",
    category: "zakat",
    input: "methodology.yearBasis",
    amount: zakatDue,
    rule: isAboveNisab ? `zakat.${methodology.yearBasis}` : "zakat.belowNisab",
  });

  return {
    currency: input.currency,
    methodology,
    totalAssets,
    totalLiabilities,
    zakatableAmount,
    goldNisabValue,
    silverNisabValue,
    nisabValue,
    isAboveNisab,
    rate,
    zakatDue,
    lines,
    rates: Object.fromEntries(
      lines.flatMap((l) =>
        l.conversion ? [[l.conversion.currency, input.rates![l.conversion.currency]!]] : [],
      ),
    ),
  };
}

function liabilityRule(type: LiabilityType, methodology: Methodology): RuleId {
  if (!longTermLiabilities.includes(type)) return "liability.dueNow";
  return methodology.longTermDebts === "full"
    ? "liability.longTerm.full"
    : "liability.longTerm.next12Months";
}
