import type { ExportRow } from "../../contracts/me.ts";
import type { CurrencyCode } from "../../domain/money/currency.ts";
import {
  liabilityTypes,
  type AssetCategory,
  type BankAccount,
  type MoneyAmount,
  type ZakatInput,
} from "../../domain/zakat/input.ts";

// The asset and liability lines of a saved calculation as rows of their own (the account
// export's calculationLines.csv, issue 30): one row per amount typed, in the calculator's order,
// instead of JSON inside a cell. Amounts stay as stored (wire decimals); a zero is no line.

/** One line: the words are keys the CSV writer translates (export-csv-columns.ts). */
export interface CalculationLine extends ExportRow {
  calculationId: string;
  calculation: string;
  calculationDate: string;
  kind: "asset" | "liability";
  category: AssetCategory | "liabilities";
  item: string;
  /** a bank account's label: a preset (`bankLabel` key) or the person's own text */
  label: { preset: string } | { text: string } | null;
  amount: string;
  /** a currency code, or grams of gold of that many karat (fine silver: karat null) */
  unit: { currency: CurrencyCode } | { grams: true; karat: number | null };
  counted: boolean;
}

interface StoredCalculation extends Omit<ZakatInput, "prices" | "methodology" | "rates"> {
  id: string;
  name: string;
  calculationDate: string;
}

const isZero = (amount: string | undefined) => !amount || !/[1-9]/.test(amount);

const bankLabelPresets = new Set(["savings", "checking", "business", "investment", "other"]);

export function calculationLines(row: ExportRow): CalculationLine[] {
  const c = row as unknown as StoredCalculation;
  const lines: CalculationLine[] = [];
  const base = { calculationId: c.id, calculation: c.name, calculationDate: c.calculationDate };
  const money = (
    kind: CalculationLine["kind"],
    category: CalculationLine["category"],
    item: string,
    value: MoneyAmount | undefined,
    counted: boolean,
    label: CalculationLine["label"] = null,
  ) => {
    const amount = typeof value === "string" ? value : value?.amount;
    if (isZero(amount)) return;
    const currency = typeof value === "object" ? value.currency : c.currency;
    lines.push({
      ...base,
      kind,
      category,
      item,
      label,
      amount: amount!,
      unit: { currency },
      counted,
    });
  };

  const cash = c.assetSelection.cash;
  money("asset", "cash", "cashInHand", c.cashAmounts.cashInHand, cash);
  for (const account of c.cashAmounts.bankAccounts as BankAccount[]) {
    const label = bankLabelPresets.has(account.label)
      ? { preset: account.label }
      : { text: account.label };
    money("asset", "cash", "bankAccount", account.amount, cash, label);
  }

  const metals = c.goldSilverAmounts;
  const metalsCounted = c.assetSelection.goldAndSilver;
  const metalItems = [
    ["gold", metals.gold, metals.goldKarat ?? 24],
    ["silver", metals.silver, null],
    ["goldJewellery", metals.goldJewellery, metals.goldJewelleryKarat ?? 24],
    ["silverJewellery", metals.silverJewellery, null],
  ] as const;
  for (const [item, amount, karat] of metalItems) {
    if (!metals.isWeight) money("asset", "goldAndSilver", item, amount, metalsCounted);
    else if (!isZero(amount)) {
      const unit = { grams: true as const, karat };
      lines.push({
        ...base,
        kind: "asset",
        category: "goldAndSilver",
        item,
        label: null,
        amount: amount!,
        unit,
        counted: metalsCounted,
      });
    }
  }

  const owed = c.moneyOwedAmounts;
  for (const item of ["loan", "moneyExpectedFromSale", "weakDebts"] as const) {
    money("asset", "moneyOwedToMe", item, owed[item], c.assetSelection.moneyOwedToMe);
  }
  const holdings = c.sharesBusinessAmounts;
  for (const item of ["shares", "longTermShares", "crypto"] as const) {
    money("asset", "sharesCrypto", item, holdings[item], c.assetSelection.sharesCrypto);
  }
  money(
    "asset",
    "businessAssets",
    "businessAssets",
    holdings.businessAssets,
    c.assetSelection.businessAssets,
  );

  // the calculator's order (jsonb keeps keys in its own order)
  for (const type of liabilityTypes) {
    money("liability", "liabilities", type, c.liabilityAmounts[type], c.liabilitySelection[type]);
  }
  return lines;
}
