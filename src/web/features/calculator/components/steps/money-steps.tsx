import { useTranslation } from "react-i18next";
import { liabilityTypes, longTermLiabilities } from "#domain/zakat/input.ts";
import { AmountField } from "../amount-field";
import { useAmount } from "./use-amount";
import type { StepProps } from "./step-props";

// The steps made of plain money fields: money owed, shares and business, liabilities.

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
