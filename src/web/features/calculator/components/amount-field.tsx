import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { localeTags } from "~/app/locale-tags";
import type { Language } from "~/app/route-table";
import { currencyCodes, type CurrencyCode } from "#domain/money/currency.ts";
import { splitCurrency } from "#domain/money/input.ts";
import { checkAmount, wireToInputText } from "../model/draft";

/**
 * An amount as people type it in the page's language ("1,234.56", "1 234,56", "1.234,56"),
 * checked strictly by parseAmountInput. An invalid text is kept as typed and shown as an error
 * (aria-invalid and a message) once the field is left or the step is submitted; it never
 * becomes 0. An empty field means nothing entered.
 * The message's line is reserved while the text is invalid: showing it when the field is left
 * (by a press on Next or another button below) then shifts nothing, and in Chromium a press
 * whose button slid away between mousedown and mouseup is no click at all.
 * An amount that reads two ways ("12.500") is asked about, one line with both readings as
 * buttons; the answer rewrites the text unambiguously ("12500" or "12.5"). A bank's sign or code
 * of the field's own currency ("€ 2.500,00") is dropped as it is pasted.
 */
export function AmountField({
  id: givenId,
  label,
  hint,
  value,
  lang,
  unit,
  showErrors = false,
  onChange,
  className,
  readOnly,
  currency,
  onCurrencyChange,
}: {
  id?: string;
  label: string;
  hint?: string;
  value: string;
  lang: Language;
  /** shown after the field: a currency code, "g", "€/g" */
  unit?: string;
  /** show the error even before the field is left (after a submit attempt) */
  showErrors?: boolean;
  onChange: (text: string) => void;
  className?: string;
  readOnly?: boolean;
  /** with `onCurrencyChange`: the entry's currency, chosen beside the field (decision 022) */
  currency?: CurrencyCode;
  onCurrencyChange?: (currency: CurrencyCode) => void;
}) {
  const { t } = useTranslation("calculator");
  const generated = useId();
  const id = givenId ?? generated;
  const [left, setLeft] = useState(false);
  const check = checkAmount(value, lang);
  const error = check.state === "invalid" && (left || showErrors) ? check.error : null;
  const fieldCurrency = currency ?? currencyCodes.find((code) => code === unit);
  const change = (text: string) => {
    const split = splitCurrency(text, fieldCurrency);
    onChange(split.named === "same" ? split.text : text);
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const picksCurrency = currency !== undefined && onCurrencyChange !== undefined;
  // "Cash in hand (EUR)" says the entry's own currency once another one is chosen
  const shownLabel =
    picksCurrency && unit && unit !== currency
      ? label.replace(`(${unit})`, `(${currency})`)
      : label;

  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {shownLabel}
      </label>
      <div className={cn("relative", picksCurrency && "flex gap-2")}>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          readOnly={readOnly}
          value={value}
          placeholder={t("amount.placeholder")}
          aria-invalid={error ? true : undefined}
          data-unreadable={check.state === "invalid" ? "" : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => change(event.target.value)}
          onBlur={() => setLeft(true)}
          className={cn(
            "block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 tabular-nums shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none read-only:bg-stone-100 read-only:text-stone-600",
            unit && !picksCurrency ? "pe-16" : null,
            error ? "border-red-500" : "border-stone-300",
          )}
        />
        {picksCurrency ? (
          <select
            aria-label={t("currencyOf", { label: shownLabel })}
            value={currency}
            onChange={(event) => onCurrencyChange(event.target.value as CurrencyCode)}
            data-testid="entry-currency"
            className="h-11 shrink-0 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            {currencyCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        ) : unit ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 inset-e-3 flex items-center text-sm text-stone-500"
          >
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {check.state === "invalid" && check.error === "ambiguous" ? (
        <AmountQuestion
          id={errorId}
          lang={lang}
          readings={check.readings}
          shown={error !== null}
          onAnswer={(wire) => onChange(wireToInputText(wire, lang))}
        />
      ) : check.state === "invalid" ? (
        // shown only once left; its line is taken at once (see above: a press is not lost)
        <p
          id={errorId}
          className={cn("text-sm font-medium text-red-700", !error && "invisible")}
          aria-hidden={error ? undefined : true}
          data-testid={error ? "amount-error" : "amount-error-pending"}
        >
          {t(`amount.errors.${check.error}`)}
        </p>
      ) : null}
    </div>
  );
}

/** "Did you mean 12,500 or 12.5?": both readings of an ambiguous amount, as the page writes them. */
function AmountQuestion({
  id,
  lang,
  readings,
  shown,
  onAnswer,
}: {
  id: string;
  lang: Language;
  readings: { grouped: string; decimal: string };
  shown: boolean;
  onAnswer: (wire: string) => void;
}) {
  const { t } = useTranslation("calculator");
  // the readings are at most 6 digits (1–3 before, 3 after): a Number holds them exactly
  const format = new Intl.NumberFormat(localeTags[lang], { maximumFractionDigits: 3 });
  const grouped = format.format(Number(readings.grouped));
  const decimal = format.format(Number(readings.decimal));
  const button =
    "rounded-md border border-brand-600 bg-white px-2 py-0.5 text-sm font-medium text-brand-800 tabular-nums hover:bg-brand-50 focus:ring-2 focus:ring-brand-200 focus:outline-none";
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={`${id}-question`}
      aria-hidden={shown ? undefined : true}
      data-testid={shown ? "amount-question" : "amount-question-pending"}
      className={cn("flex flex-wrap items-center gap-2", !shown && "invisible")}
    >
      <span id={`${id}-question`} className="text-sm font-medium text-red-700">
        {t("amount.question", { grouped, decimal })}
      </span>
      <button type="button" className={button} onClick={() => onAnswer(readings.grouped)}>
        {grouped}
      </button>
      <button type="button" className={button} onClick={() => onAnswer(readings.decimal)}>
        {decimal}
      </button>
    </div>
  );
}
