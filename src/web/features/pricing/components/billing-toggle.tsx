import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";

// Monthly or yearly prices on the pricing page.

export type Billing = "monthly" | "yearly";
export const billingOptions = ["monthly", "yearly"] as const satisfies readonly Billing[];

export function BillingToggle({
  value,
  onChange,
}: {
  value: Billing;
  onChange: (b: Billing) => void;
}) {
  const { t } = useTranslation("pricing");
  return (
    <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
      <div
        role="group"
        aria-label={t("billing.label")}
        className="inline-flex rounded-full border border-stone-200 bg-white p-1 shadow-sm"
      >
        {(["monthly", "yearly"] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={cn(
              "h-10 rounded-full px-5 text-sm font-semibold transition-colors",
              value === option
                ? "bg-brand-700 text-white shadow-sm"
                : "text-stone-600 hover:text-stone-900",
            )}
          >
            {t(`billing.${option}`)}
          </button>
        ))}
      </div>
      <Badge tone="gold" className="text-sm">
        <Sparkles className="size-3.5" aria-hidden="true" />
        {t("billing.save")}
      </Badge>
    </div>
  );
}
