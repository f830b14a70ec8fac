import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { SelectField } from "~/components/ui/select-field";
import { currencyCodes, type CurrencyCode } from "#domain/money/currency.ts";
import {
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  nisabGrams,
  nisabMethods,
  nisabStandards,
  presetIds,
  methodologyYearBases,
  type Methodology,
  type PresetId,
} from "#domain/zakat/methodology.ts";
import { applyPreset, type CalculatorMode, type Draft } from "../model/draft";
import { formatDate, formatDay } from "../model/format";
import type { PriceStatus } from "../hooks/use-prices";
import { changeCurrency, hasAmountsInOwnCurrency } from "../model/change-currency";
import { AmountField } from "./amount-field";
import { CurrencyChangeQuestion } from "./currency-change";
import { FormSection } from "./form-section";

/**
 * The calculator's settings (mode, currency, nisab method, prices, methodology), without the
 * dialog around them: the app shows them in a dialog, the embed in a disclosure.
 */
export function SettingsFields({
  draft,
  update,
  lang,
  priceStatus,
  onRefreshPrices,
  currencyLocked = false,
}: {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  priceStatus: PriceStatus;
  onRefreshPrices: () => void;
  /** the currency is fixed (an embed's): not offered */
  currencyLocked?: boolean;
}) {
  const { t } = useTranslation("calculator");
  const settings = draft.settings;
  const methodology = settings.methodology;
  const online = settings.mode === "online";
  const grams = nisabGrams[methodology.nisabStandard];
  // a new currency with amounts typed waits for the person to say what the amounts are in
  const [pendingCurrency, setPendingCurrency] = useState<CurrencyCode | null>(null);
  const pickCurrency = (currency: CurrencyCode) => {
    if (currency === settings.currency) setPendingCurrency(null);
    else if (hasAmountsInOwnCurrency(draft)) setPendingCurrency(currency);
    else update((d) => changeCurrency(d, currency, "relabel"));
  };

  // what the prices in use are, said truly (issue 30): built into Hawl, the last ones fetched,
  // each with its date; "fetched for you" only while they are
  const { priceSource, pricesUpdatedAt } = settings;
  const shipped = priceSource === "default" && pricesUpdatedAt;
  const onlineDescription = shipped
    ? t("settings.modes.online.shipped", { date: formatDay(pricesUpdatedAt.slice(0, 10), lang) })
    : priceSource === "cache" && pricesUpdatedAt
      ? t("settings.modes.online.cached", { date: formatDate(pricesUpdatedAt, lang) })
      : t("settings.modes.online.description");

  const setSettings = (fields: Partial<Draft["settings"]>) =>
    update((d) => ({ ...d, settings: { ...d.settings, ...fields } }));
  const setMethodology = (fields: Partial<Methodology>) =>
    setSettings({ methodology: { ...methodology, ...fields } });
  const editPrice = (field: "goldPriceText" | "silverPriceText", text: string) =>
    setSettings({
      [field]: text,
      priceSource: "manual",
      pricesUpdatedAt: new Date().toISOString(),
    });

  return (
    <div className="space-y-8">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t("settings.mode")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(["online", "offline"] as CalculatorMode[]).map((mode) => (
            <label
              key={mode}
              className={cn(
                "flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
                settings.mode === mode
                  ? "border-brand-400 bg-brand-50"
                  : "border-stone-300 bg-white",
              )}
            >
              <input
                type="radio"
                name="calculator-mode"
                value={mode}
                checked={settings.mode === mode}
                onChange={() => setSettings({ mode })}
                className="mt-0.5 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-stone-900">
                  {t(`settings.modes.${mode}.label`)}
                </span>
                <span className="block text-stone-600" data-testid={`mode-${mode}-description`}>
                  {mode === "online" && online
                    ? onlineDescription
                    : t(`settings.modes.${mode}.description`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {currencyLocked ? null : (
          <SelectField<CurrencyCode>
            id="settings-currency"
            label={t("settings.currency")}
            value={pendingCurrency ?? settings.currency}
            options={currencyCodes}
            optionLabel={(code) => {
              const name = new Intl.DisplayNames([lang], { type: "currency" }).of(code);
              return name ? `${code} — ${name}` : code;
            }}
            onChange={pickCurrency}
          />
        )}
        {pendingCurrency && !currencyLocked ? (
          <CurrencyChangeQuestion
            from={settings.currency}
            to={pendingCurrency}
            onAnswer={(answer) => {
              if (answer !== "cancel") update((d) => changeCurrency(d, pendingCurrency, answer));
              setPendingCurrency(null);
            }}
          />
        ) : null}
        <SelectField
          id="settings-nisab-method"
          label={t("settings.nisabMethod")}
          value={methodology.nisabMethod}
          options={nisabMethods}
          optionLabel={(m) => t(`settings.nisabMethods.${m}`)}
          onChange={(nisabMethod) => setMethodology({ nisabMethod })}
        />
      </div>

      <FormSection
        id="settings-prices"
        title={t("settings.prices")}
        hint={online ? t("settings.pricesOnline") : t("settings.pricesOffline")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            id="settings-gold-price"
            label={t("settings.goldPrice", { currency: settings.currency })}
            value={settings.goldPriceText}
            lang={lang}
            showErrors
            unit={`${settings.currency}/g`}
            onChange={(text) => editPrice("goldPriceText", text)}
            readOnly={online}
          />
          <AmountField
            id="settings-silver-price"
            label={t("settings.silverPrice", { currency: settings.currency })}
            value={settings.silverPriceText}
            lang={lang}
            showErrors
            unit={`${settings.currency}/g`}
            onChange={(text) => editPrice("silverPriceText", text)}
            readOnly={online}
          />
        </div>
        <div className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700" role="status">
          {priceStatus === "loading" ? (
            <p>{t("settings.pricesLoading")}</p>
          ) : priceStatus === "error" && online ? (
            <p className="font-medium text-red-700">{t("settings.pricesError")}</p>
          ) : null}
          {settings.priceSource ? (
            <p data-testid="price-source">
              {t("settings.source", { source: t(`settings.sources.${settings.priceSource}`) })}
            </p>
          ) : null}
          <p data-testid="prices-updated">
            {shipped
              ? t("settings.shippedOn", { date: formatDay(pricesUpdatedAt.slice(0, 10), lang) })
              : pricesUpdatedAt
                ? t("settings.lastUpdated", { date: formatDate(pricesUpdatedAt, lang) })
                : t("settings.neverUpdated")}
          </p>
        </div>
        {online ? (
          <Button variant="secondary" size="sm" onClick={onRefreshPrices}>
            <RefreshCw aria-hidden="true" />
            {t("settings.refresh")}
          </Button>
        ) : null}
      </FormSection>

      <FormSection
        id="settings-methodology"
        title={t("settings.methodology")}
        hint={t("settings.methodologyHint")}
      >
        <SelectField<PresetId>
          id="settings-preset"
          label={t("settings.preset")}
          value={methodology.preset}
          options={presetIds}
          optionLabel={(p) => t(`settings.presets.${p}`)}
          onChange={(preset) => setSettings({ methodology: applyPreset(methodology, preset) })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="settings-nisab-standard"
            label={t("settings.fields.nisabStandard")}
            value={methodology.nisabStandard}
            options={nisabStandards}
            optionLabel={(s) =>
              t("settings.nisabStandardOption", {
                gold: nisabGrams[s].gold,
                silver: nisabGrams[s].silver,
              })
            }
            onChange={(nisabStandard) => setMethodology({ nisabStandard })}
            hint={t("settings.nisabStandardHint", { gold: grams.gold, silver: grams.silver })}
          />
          <SelectField
            id="settings-year-basis"
            label={t("settings.fields.yearBasis")}
            value={methodology.yearBasis}
            options={methodologyYearBases}
            optionLabel={(v) => t(`settings.yearBases.${v}`)}
            onChange={(yearBasis) => setMethodology({ yearBasis })}
          />
          <SelectField
            id="settings-jewellery"
            label={t("settings.fields.jewellery")}
            value={methodology.jewellery}
            options={jewelleryRules}
            optionLabel={(v) => t(`settings.jewelleryRules.${v}`)}
            onChange={(jewellery) => setMethodology({ jewellery })}
          />
          <SelectField
            id="settings-long-term-shares"
            label={t("settings.fields.longTermShares")}
            value={methodology.longTermShares}
            options={longTermShareRules}
            optionLabel={(v) => t(`settings.longTermShareRules.${v}`)}
            onChange={(longTermShares) => setMethodology({ longTermShares })}
          />
          <SelectField
            id="settings-long-term-debts"
            label={t("settings.fields.longTermDebts")}
            value={methodology.longTermDebts}
            options={longTermDebtRules}
            optionLabel={(v) => t(`settings.longTermDebtRules.${v}`)}
            onChange={(longTermDebts) => setMethodology({ longTermDebts })}
          />
        </div>
        {/* the hawl rule decides when a zakat year ends, never an amount: the tracker's setting */}
        <p className="text-sm text-stone-600" data-testid="hawl-rule-note">
          {t("settings.hawlRuleNote")}
        </p>
      </FormSection>
    </div>
  );
}
