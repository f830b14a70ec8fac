import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../money/decimal.ts";
import { calculateZakat } from "./calculate.ts";
import {
  hawlRules,
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  maxZakatRate,
  nisabMethods,
  nisabStandards,
  presetIds,
  methodologyYearBases,
} from "./methodology.ts";
import { exampleInput, type ExampleSpec } from "./test-input.ts";
import { goldKarats } from "./weights.ts";

// Properties over random inputs: amounts up to 10^17 with cents, every methodology option.

const amount = fc
  .bigInt({ min: 0n, max: 10n ** 19n })
  .map((cents) => new Decimal(cents.toString()).dividedBy(100).toFixed());
const positive = fc
  .bigInt({ min: 1n, max: 10n ** 7n })
  .map((c) => new Decimal(c.toString()).dividedBy(100).toFixed());
const flag = fc.boolean();

const spec: fc.Arbitrary<[(typeof presetIds)[number], ExampleSpec]> = fc.tuple(
  fc.constantFrom(...presetIds),
  fc.record({
    methodology: fc.record(
      {
        nisabStandard: fc.constantFrom(...nisabStandards),
        nisabMethod: fc.constantFrom(...nisabMethods),
        yearBasis: fc.constantFrom(...methodologyYearBases),
        hawlRule: fc.constantFrom(...hawlRules),
        jewellery: fc.constantFrom(...jewelleryRules),
        longTermShares: fc.constantFrom(...longTermShareRules),
        longTermDebts: fc.constantFrom(...longTermDebtRules),
      },
      { requiredKeys: [] },
    ),
    prices: fc.tuple(positive, positive),
    select: fc.record({
      cash: flag,
      goldAndSilver: flag,
      moneyOwedToMe: flag,
      sharesCrypto: flag,
      businessAssets: flag,
      mortgage: flag,
      personalLoans: flag,
      creditCard: flag,
      utilityBills: flag,
      overdraft: flag,
      businessLiabilities: flag,
    }),
    cash: amount,
    banks: fc.array(amount, { maxLength: 5 }),
    metal: fc.record({
      isWeight: flag,
      gold: amount,
      silver: amount,
      goldKarat: fc.constantFrom(...goldKarats),
      goldJewellery: amount,
      goldJewelleryKarat: fc.constantFrom(...goldKarats),
      silverJewellery: amount,
    }),
    owed: fc.record({ loan: amount, moneyExpectedFromSale: amount, weakDebts: amount }),
    holdings: fc.record({
      shares: amount,
      longTermShares: amount,
      crypto: amount,
      businessAssets: amount,
    }),
    debts: fc.record({
      mortgage: amount,
      personalLoans: amount,
      creditCard: amount,
      utilityBills: amount,
      overdraft: amount,
      businessLiabilities: amount,
    }),
  }),
);

const run = ([preset, s]: [(typeof presetIds)[number], ExampleSpec]) =>
  calculateZakat(exampleInput(preset, s));

describe("zakat properties", () => {
  it("zakat is never negative, and the zakatable amount never below 0", () => {
    fc.assert(
      fc.property(spec, (example) => {
        const result = run(example);
        expect(result.zakatDue.isNegative()).toBe(false);
        expect(result.zakatableAmount.isNegative()).toBe(false);
      }),
    );
  });

  it("zakat is never more than 2.577 % of total assets", () => {
    fc.assert(
      fc.property(spec, (example) => {
        const result = run(example);
        expect(result.zakatDue.lessThanOrEqualTo(result.totalAssets.times(maxZakatRate))).toBe(
          true,
        );
      }),
    );
  });

  it("is monotone in assets: more of any counted asset never lowers the zakat", () => {
    const field = fc.constantFrom(
      (s: ExampleSpec, d: string) => ({ ...s, cash: add(s.cash as string | undefined, d) }),
      (s: ExampleSpec, d: string) => ({ ...s, metal: { ...s.metal, gold: add(s.metal?.gold, d) } }),
      (s: ExampleSpec, d: string) => ({
        ...s,
        owed: { ...s.owed, loan: add(s.owed?.loan as string | undefined, d) },
      }),
      (s: ExampleSpec, d: string) => ({
        ...s,
        holdings: {
          ...s.holdings,
          longTermShares: add(s.holdings?.longTermShares as string | undefined, d),
        },
      }),
      (s: ExampleSpec, d: string) => ({
        ...s,
        metal: { ...s.metal, goldJewellery: add(s.metal?.goldJewellery, d) },
      }),
    );
    fc.assert(
      fc.property(spec, amount, field, ([preset, s], delta, grow) => {
        const before = run([preset, s]);
        const after = run([preset, grow(s, delta)]);
        expect(after.totalAssets.greaterThanOrEqualTo(before.totalAssets)).toBe(true);
        expect(after.zakatDue.greaterThanOrEqualTo(before.zakatDue)).toBe(true);
      }),
    );
  });

  it("does not depend on the order of the bank accounts", () => {
    fc.assert(
      fc.property(
        spec.chain(([preset, s]) =>
          fc
            .shuffledSubarray(s.banks ?? [], { minLength: s.banks?.length ?? 0 })
            .map((shuffled) => [preset, s, shuffled] as const),
        ),
        ([preset, s, shuffled]) => {
          const a = run([preset, s]);
          const b = run([preset, { ...s, banks: shuffled }]);
          for (const key of [
            "totalAssets",
            "totalLiabilities",
            "zakatableAmount",
            "nisabValue",
            "zakatDue",
          ] as const) {
            expect(a[key].equals(b[key])).toBe(true);
          }
          expect(a.isAboveNisab).toBe(b.isAboveNisab);
        },
      ),
    );
  });

  it("wealth exactly at nisab is liable, whatever the methodology and prices", () => {
    fc.assert(
      fc.property(spec, ([preset, s]) => {
        const nisab = run([preset, s]).nisabValue;
        const only: ExampleSpec = {
          methodology: s.methodology,
          prices: s.prices,
          cash: nisab.toFixed(),
        };
        const result = run([preset, only]);
        expect(result.zakatableAmount.equals(nisab)).toBe(true);
        expect(result.isAboveNisab).toBe(true);
      }),
    );
  });
});

function add(value: string | undefined, delta: string): string {
  return new Decimal(value ?? "0").plus(delta).toFixed();
}
