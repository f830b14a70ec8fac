import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";
import { LabelledField, SelectField, selectClasses } from "~/components/ui/select-field";
import {
  assetCategories,
  bankAccountLabelPresets,
  liabilityTypes,
  longTermLiabilities,
  maxBankAccounts,
} from "../../../../domain/zakat/input";
import { goldKarats, type GoldKarat } from "../../../../domain/zakat/weights";
import type { CurrencyCode } from "../../../../domain/money/currency";
import {
  moneyFieldIds,
  type AmountFieldId,
  type BankLabelPreset,
  type Draft,
} from "../model/draft";
import { AmountField } from "./amount-field";
import { FormSection } from "./form-section";

export interface StepProps {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  /** errors of every field are shown (the step was submitted with invalid entries) */
  showErrors: boolean;
}

/** A checkbox card: label and a one-line description. */
function Choice({
  checked,
  onChange,
  label,
  description,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  description: string;
  name: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
        checked
          ? "border-brand-400 bg-brand-50"
          : "border-stone-200 bg-white hover:border-stone-300",
      )}
    >
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        className="mt-1 size-4 shrink-0 accent-brand-700"
      />
      <span>
        <span id={`${id}-label`} className="block font-medium text-stone-900">
          {label}
        </span>
        <span id={`${id}-description`} className="mt-0.5 block text-sm text-stone-600">
          {description}
        </span>
      </span>
    </label>
  );
}

export function SelectAssetsStep({ draft, update }: StepProps) {
  const { t } = useTranslation("calculator");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t("steps.assets.title")}</legend>
      {assetCategories.map((category) => (
        <Choice
          key={category}
          name={`asset-${category}`}
          checked={draft.assetSelection[category]}
          onChange={(checked) =>
            update((d) => ({ ...d, assetSelection: { ...d.assetSelection, [category]: checked } }))
          }
          label={t(`assets.${category}.label`)}
          description={t(`assets.${category}.description`)}
        />
      ))}
    </fieldset>
  );
}

export function SelectLiabilitiesStep({ draft, update }: StepProps) {
  const { t } = useTranslation("calculator");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t("steps.liabilities.title")}</legend>
      {liabilityTypes.map((type) => (
        <Choice
          key={type}
          name={`liability-${type}`}
          checked={draft.liabilitySelection[type]}
          onChange={(checked) =>
            update((d) => ({
              ...d,
              liabilitySelection: { ...d.liabilitySelection, [type]: checked },
            }))
          }
          label={t(`liabilities.${type}.label`)}
          description={t(`liabilities.${type}.description`)}
        />
      ))}
    </fieldset>
  );
}

function useAmount(props: StepProps) {
  const { draft, update } = props;
  return (id: AmountFieldId) => ({
    value: draft.amounts[id],
    lang: props.lang,
    showErrors: props.showErrors,
    onChange: (text: string) => update((d) => ({ ...d, amounts: { ...d.amounts, [id]: text } })),
    // money (not gold and silver) may be entered in another currency (decision 022)
    ...(moneyFieldIds.includes(id)
      ? {
          currency: draft.amountCurrencies[id] ?? draft.settings.currency,
          onCurrencyChange: (currency: CurrencyCode) =>
            update((d) => ({
              ...d,
              amountCurrencies: {
                ...d.amountCurrencies,
                [id]: currency === d.settings.currency ? undefined : currency,
              },
            })),
        }
      : {}),
  });
}

let nextAccount = 0;
function newAccountId(): string {
  nextAccount += 1;
  return `account-${Date.now().toString(36)}-${nextAccount}`;
}

export function CashStep(props: StepProps) {
  const { t } = useTranslation("calculator");
  const { draft, update } = props;
  const amount = useAmount(props);
  const currency = draft.settings.currency;
  const [refused, setRefused] = useState(false);
  const accounts = draft.bankAccounts;

  const addAccount = () => {
    if (accounts.length >= maxBankAccounts) {
      setRefused(true);
      return;
    }
    setRefused(false);
    update((d) => ({
      ...d,
      bankAccounts: [
        ...d.bankAccounts,
        { id: newAccountId(), preset: "savings", customLabel: "", text: "" },
      ],
    }));
  };
  const change = (id: string, fields: Partial<Draft["bankAccounts"][number]>) =>
    update((d) => ({
      ...d,
      bankAccounts: d.bankAccounts.map((a) => (a.id === id ? { ...a, ...fields } : a)),
    }));

  return (
    <div className="space-y-6">
      <AmountField
        label={`${t("fields.cashInHand.label")} (${currency})`}
        hint={t("fields.cashInHand.hint")}
        unit={currency}
        {...amount("cashInHand")}
      />
      <FormSection
        id="bank-accounts-title"
        title={t("bank.title")}
        hint={t("bank.hint", { max: maxBankAccounts, used: accounts.length })}
      >
        <ul className="space-y-4">
          {accounts.map((account, index) => (
            <li
              key={account.id}
              className="rounded-xl border border-stone-200 bg-stone-50/60 p-4"
              data-testid="bank-account"
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField<BankLabelPreset>
                  id={`${account.id}-preset`}
                  label={t("bank.label", { number: index + 1 })}
                  value={account.preset}
                  options={bankAccountLabelPresets}
                  optionLabel={(preset) => t(`bank.presets.${preset}`)}
                  onChange={(preset) => change(account.id, { preset })}
                />
                {account.preset === "custom" ? (
                  <LabelledField id={`${account.id}-custom`} label={t("bank.customLabel")}>
                    <input
                      id={`${account.id}-custom`}
                      type="text"
                      maxLength={100}
                      value={account.customLabel}
                      onChange={(event) => change(account.id, { customLabel: event.target.value })}
                      className={selectClasses}
                    />
                  </LabelledField>
                ) : null}
                <AmountField
                  id={`${account.id}-amount`}
                  label={`${t("bank.amount", { number: index + 1 })} (${currency})`}
                  unit={currency}
                  value={account.text}
                  lang={props.lang}
                  showErrors={props.showErrors}
                  onChange={(text) => change(account.id, { text })}
                  currency={account.currency ?? currency}
                  onCurrencyChange={(chosen) =>
                    change(account.id, { currency: chosen === currency ? undefined : chosen })
                  }
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="mt-3 text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => {
                  setRefused(false);
                  update((d) => ({
                    ...d,
                    bankAccounts: d.bankAccounts.filter((a) => a.id !== account.id),
                  }));
                }}
              >
                <Trash2 aria-hidden="true" />
                {t("bank.remove", { number: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" onClick={addAccount}>
          <Plus aria-hidden="true" />
          {t("bank.add")}
        </Button>
        <div aria-live="polite">
          {refused ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t("bank.max")}
            </p>
          ) : null}
        </div>
      </FormSection>
    </div>
  );
}

function KaratSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: GoldKarat;
  onChange: (karat: GoldKarat) => void;
}) {
  const { t } = useTranslation("calculator");
  return (
    <SelectField
      id={id}
      label={t("goldSilver.karat")}
      value={String(value)}
      options={goldKarats.map(String)}
      optionLabel={(karat) => t("goldSilver.karatOption", { karat: Number(karat) })}
      onChange={(karat) => onChange(Number(karat) as GoldKarat)}
    />
  );
}

export function GoldSilverStep(props: StepProps) {
  const { t } = useTranslation("calculator");
  const { draft, update } = props;
  const amount = useAmount(props);
  const byWeight = draft.isWeight;
  const unit = byWeight ? t("units.grams") : draft.settings.currency;
  const unitShort = byWeight ? "g" : draft.settings.currency;
  const exempt = draft.settings.methodology.jewellery === "exempt";
  const label = (id: "gold" | "silver" | "goldJewellery" | "silverJewellery") =>
    `${t(`fields.${id}.label`)} (${unit})`;

  return (
    <div className="space-y-6">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t("goldSilver.mode")}</legend>
        <div className="flex flex-wrap gap-3">
          {(["value", "weight"] as const).map((mode) => (
            <label
              key={mode}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
                (mode === "weight") === byWeight
                  ? "border-brand-400 bg-brand-50 text-brand-900"
                  : "border-stone-300 bg-white text-stone-800",
              )}
            >
              <input
                type="radio"
                name="gold-silver-mode"
                value={mode}
                checked={(mode === "weight") === byWeight}
                onChange={() => update((d) => ({ ...d, isWeight: mode === "weight" }))}
                className="accent-brand-700"
              />
              {t(`goldSilver.modes.${mode}`)}
            </label>
          ))}
        </div>
        <p className="text-sm text-stone-600">
          {byWeight ? t("goldSilver.weightHint") : t("goldSilver.valueHint")}
        </p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField label={label("gold")} unit={unitShort} {...amount("gold")} />
        {byWeight ? (
          <KaratSelect
            id="gold-karat"
            value={draft.goldKarat}
            onChange={(karat) => update((d) => ({ ...d, goldKarat: karat }))}
          />
        ) : null}
        <AmountField
          label={label("silver")}
          unit={unitShort}
          className={byWeight ? "sm:col-span-2" : undefined}
          {...amount("silver")}
        />
      </div>

      <FormSection
        id="jewellery-title"
        title={t("goldSilver.jewelleryTitle")}
        hint={exempt ? t("goldSilver.jewelleryExempt") : t("goldSilver.jewelleryZakatable")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            label={label("goldJewellery")}
            unit={unitShort}
            {...amount("goldJewellery")}
          />
          {byWeight ? (
            <KaratSelect
              id="gold-jewellery-karat"
              value={draft.goldJewelleryKarat}
              onChange={(karat) => update((d) => ({ ...d, goldJewelleryKarat: karat }))}
            />
          ) : null}
          <AmountField
            label={label("silverJewellery")}
            unit={unitShort}
            className={byWeight ? "sm:col-span-2" : undefined}
            {...amount("silverJewellery")}
          />
        </div>
      </FormSection>
    </div>
  );
}

function MoneyFields({
  props,
  ids,
}: {
  props: StepProps;
  ids: readonly (
    | "loan"
    | "moneyExpectedFromSale"
    | "weakDebts"
    | "shares"
    | "longTermShares"
    | "crypto"
    | "businessAssets"
  )[];
}) {
  const { t } = useTranslation("calculator");
  const amount = useAmount(props);
  const currency = props.draft.settings.currency;
  return (
    <div className="space-y-5">
      {ids.map((id) => (
        <AmountField
          key={id}
          label={`${t(`fields.${id}.label`)} (${currency})`}
          hint={t(`fields.${id}.hint`)}
          unit={currency}
          {...amount(id)}
        />
      ))}
    </div>
  );
}

export function MoneyOwedStep(props: StepProps) {
  return <MoneyFields props={props} ids={["loan", "moneyExpectedFromSale", "weakDebts"]} />;
}

export function SharesBusinessStep(props: StepProps) {
  const a = props.draft.assetSelection;
  return (
    <MoneyFields
      props={props}
      ids={[
        ...(a.sharesCrypto ? (["shares", "longTermShares", "crypto"] as const) : []),
        ...(a.businessAssets ? (["businessAssets"] as const) : []),
      ]}
    />
  );
}

export function LiabilityAmountsStep(props: StepProps) {
  const { t } = useTranslation("calculator");
  const amount = useAmount(props);
  const { draft } = props;
  const currency = draft.settings.currency;
  const longTermHint =
    draft.settings.methodology.longTermDebts === "full"
      ? t("liabilities.hints.longTermFull")
      : t("liabilities.hints.longTermNext12Months");
  return (
    <div className="space-y-5">
      {liabilityTypes
        .filter((type) => draft.liabilitySelection[type])
        .map((type) => (
          <AmountField
            key={type}
            label={`${t(`liabilities.${type}.label`)} (${currency})`}
            hint={longTermLiabilities.includes(type) ? longTermHint : t("liabilities.hints.dueNow")}
            unit={currency}
            {...amount(`liability.${type}`)}
          />
        ))}
    </div>
  );
}
