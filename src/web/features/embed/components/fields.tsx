import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { cn } from "~/components/ui/cn";
import { LabelledField, SelectField } from "~/components/ui/select-field";
import { embedCurrencies, embedLanguages, parseHexColor } from "#domain/embed/index.ts";
import type { EmbedCurrency, EmbedLanguage } from "#domain/embed/index.ts";
import { currencyLabel } from "../model/currency-label";
import type { OpenOr } from "../model/manager";

// The form fields of the embed generator and of a configuration's display settings.

const inputClasses =
  "block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

function Described({
  id,
  hint,
  error,
  advice,
}: {
  id: string;
  hint?: string;
  error?: string | null;
  advice?: string | null;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {advice && !error ? (
        <p id={`${id}-advice`} className="text-sm font-medium text-gold-800" role="status">
          {advice}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, hint?: string, error?: string | null, advice?: string | null) {
  return (
    [
      hint ? `${id}-hint` : null,
      error ? `${id}-error` : null,
      advice && !error ? `${id}-advice` : null,
    ]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

export function LanguageSelect({
  value,
  onChange,
}: {
  value: EmbedLanguage;
  onChange: (value: EmbedLanguage) => void;
}) {
  const { t } = useTranslation("embed");
  const { t: tc } = useTranslation();
  return (
    <SelectField
      label={t("generator.form.language")}
      value={value}
      options={embedLanguages}
      optionLabel={(lang) => tc(`languages.${lang}`)}
      optionLang={(lang) => lang}
      onChange={onChange}
    />
  );
}

export function CurrencySelect({
  value,
  onChange,
}: {
  value: EmbedCurrency;
  onChange: (value: EmbedCurrency) => void;
}) {
  const { t } = useTranslation("embed");
  const lang = useLanguage();
  return (
    <SelectField
      label={t("generator.form.currency")}
      value={value}
      options={embedCurrencies}
      optionLabel={(code) => currencyLabel(code, lang)}
      onChange={onChange}
    />
  );
}

/** `#abc` → `#aabbcc`: the form `<input type="color">` takes. */
export function sixDigitHex(colour: string): string {
  const match = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  return match ? `#${match[1]}${match[1]}${match[2]}${match[2]}${match[3]}${match[3]}` : colour;
}

/** A hex colour typed as text, with a colour picker beside it; `text` is kept as typed. */
export function ColourField({
  label,
  text,
  fallback,
  onChange,
  testId,
}: {
  label: string;
  text: string;
  /** the colour used while the text is not one (the default) */
  fallback: string;
  onChange: (text: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation("embed");
  const id = useId();
  const parsed = parseHexColor(text);
  const error = parsed ? null : t("generator.form.invalidColor");
  const hint = t("generator.form.colorHint", { example: fallback });
  return (
    <LabelledField id={id} label={label}>
      <div className="flex gap-2">
        <input
          type="color"
          value={sixDigitHex(parsed ?? fallback)}
          onChange={(event) => onChange(event.target.value)}
          aria-label={t("generator.form.pickColor", { name: label.toLowerCase() })}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          spellCheck={false}
          autoComplete="off"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={cn(inputClasses, "font-mono", error ? "border-red-500" : "border-stone-300")}
          data-testid={testId}
        />
      </div>
      <Described id={id} hint={hint} error={error} />
    </LabelledField>
  );
}

/** A CSS length (width or height of the iframe); `error` and `advice` come from the caller. */
export function LengthField(props: {
  label: string;
  text: string;
  onChange: (text: string) => void;
  hint: string;
  error: string | null;
  advice?: string | null;
  testId?: string;
}) {
  return <TextField {...props} maxLength={20} mono />;
}

/**
 * A one-line text input with its hint and error (a size, a link, a name, a button's text).
 * Spell-checking is off unless `spellCheck` (a name or a sentence, not a size or a link).
 */
export function TextField({
  label,
  text,
  onChange,
  hint,
  error,
  advice,
  testId,
  maxLength,
  mono = false,
  inputMode,
  placeholder,
  lang,
  spellCheck = false,
  ref,
}: {
  label: string;
  text: string;
  onChange: (text: string) => void;
  hint?: string;
  error: string | null;
  advice?: string | null;
  testId?: string;
  maxLength?: number;
  mono?: boolean;
  inputMode?: "url" | "text";
  placeholder?: string;
  /** the language the text is in, when not the page's */
  lang?: string;
  spellCheck?: boolean;
  /** the input, for a form that focuses a refused field */
  ref?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <LabelledField id={id} label={label}>
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode={inputMode}
        value={text}
        lang={lang}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={spellCheck}
        autoComplete="off"
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, advice)}
        className={cn(
          inputClasses,
          mono && "font-mono",
          error ? "border-red-500" : "border-stone-300",
        )}
        data-testid={testId}
      />
      <Described id={id} hint={hint} error={error} advice={advice} />
    </LabelledField>
  );
}

/**
 * A configuration's language or currency (issue 11): one value, fixed for every page that shows
 * the key, or "open" for the embed URL to choose (`lang=` / `currency=`, else the default). The
 * hint says which it is.
 */
export function OpenSettingSelect<T extends "language" | "currency">({
  setting,
  value,
  onChange,
  id,
  testId,
  disabled,
}: {
  setting: T;
  value: OpenOr<T extends "language" ? EmbedLanguage : EmbedCurrency>;
  onChange: (value: OpenOr<T extends "language" ? EmbedLanguage : EmbedCurrency>) => void;
  id?: string;
  testId?: string;
  disabled?: boolean;
}) {
  type V = OpenOr<T extends "language" ? EmbedLanguage : EmbedCurrency>;
  const { t } = useTranslation("embed");
  const { t: tc } = useTranslation();
  const lang = useLanguage();
  const generated = useId();
  const fieldId = id ?? generated;
  const values = (setting === "language" ? embedLanguages : embedCurrencies) as readonly string[];
  const options = ["open", ...values] as V[];
  const param = setting === "language" ? "lang" : "currency";
  const label = (option: V) =>
    option === "open"
      ? t(`manager.display.${setting}Open`)
      : setting === "language"
        ? tc(`languages.${option as EmbedLanguage}`)
        : currencyLabel(option as EmbedCurrency, lang);
  const hint =
    value === "open"
      ? t("manager.display.openHint", { param })
      : t("manager.display.fixedHint", { param });
  return (
    <LabelledField
      id={fieldId}
      label={setting === "language" ? t("generator.form.language") : t("generator.form.currency")}
    >
      <select
        id={fieldId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as V)}
        aria-describedby={`${fieldId}-hint`}
        className={cn(inputClasses, "border-stone-300 disabled:opacity-60")}
        data-testid={testId}
      >
        {options.map((option) => (
          <option
            key={option}
            value={option}
            lang={setting === "language" && option !== "open" ? option : undefined}
          >
            {label(option)}
          </option>
        ))}
      </select>
      <p
        id={`${fieldId}-hint`}
        className="text-sm text-stone-600"
        data-testid={testId ? `${testId}-hint` : undefined}
        data-fixed={value === "open" ? "false" : "true"}
      >
        {hint}
      </p>
    </LabelledField>
  );
}
