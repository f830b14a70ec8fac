import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";

// Monthly or yearly prices on the pricing page.

export type Billing = "monthly" | "yearly";
export const billingOptions = ["monthly", "yearly"] as const satisfies readonly Billing[];

/**
 * Two radio buttons (arrow keys move between them). Given `value`, React drives them; without it
 * (a static page, decision 025) they start on monthly and work with no script: the prices' and
 * buttons' CSS reads which one is checked ([data-billing-root] in app.css).
 */
export function BillingToggle({
  value,
  onChange,
}: {
  value?: Billing;
  onChange?: (b: Billing) => void;
}) {
  const { t } = useTranslation("pricing");
  return (
    <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
      <fieldset className="inline-flex rounded-full border border-stone-200 bg-white p-1 shadow-sm">
        <legend className="sr-only">{t("billing.label")}</legend>
        {billingOptions.map((option) => (
          <label
            key={option}
            className="relative inline-flex h-10 cursor-pointer items-center rounded-full px-5 text-sm font-semibold text-stone-600 transition-colors hover:text-stone-900 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:checked]:shadow-sm has-[:checked]:hover:text-white"
          >
            <input
              type="radio"
              name="billing"
              value={option}
              // over the whole label, invisible: its focus ring is the option's
              className="absolute inset-0 cursor-pointer appearance-none rounded-full"
              {...(value === undefined
                ? { defaultChecked: option === "monthly" }
                : { checked: value === option, onChange: () => onChange?.(option) })}
            />
            {t(`billing.${option}`)}
          </label>
        ))}
      </fieldset>
      <Badge tone="gold" className="text-sm">
        <Sparkles className="size-3.5" aria-hidden="true" />
        {t("billing.save")}
      </Badge>
    </div>
  );
}
