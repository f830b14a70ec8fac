import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { LabelledField, SelectField, selectClasses } from "~/components/ui/select-field";
import { bankAccountLabelPresets, maxBankAccounts } from "#domain/zakat/input.ts";
import { type BankLabelPreset, type Draft } from "../../model/draft";
import { AmountField } from "../amount-field";
import { FormSection } from "../form-section";
import { useAmount } from "./use-amount";
import type { StepProps } from "./step-props";

// Cash and bank accounts: the one step with a list the person grows.

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
                variant="danger"
                size="sm"
                className="mt-3"
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
