import {
  ChevronDown,
  ExternalLink,
  HandCoins,
  RotateCcw,
  Settings,
  ShieldCheck,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { sitePath } from "./paths";
import { Button, buttonClasses } from "~/components/ui/button";
import { CalculatorWizard, currentStep } from "~/features/calculator/components/calculator-wizard";
import { SettingsFields } from "~/features/calculator/components/settings-fields";
import { computeDraftInBrowser } from "~/features/calculator/model/compute-core";
import { initialDraft, type Draft } from "~/features/calculator/model/draft";
import { formatInstantDay } from "../../domain/dates";
import { callToActionLabel, fillCallToActionUrl, type EmbedCurrency } from "../../domain/embed";
import type { EmbedState } from "./state";
import type { CountUsage } from "./usage";
import { useEmbedPrices } from "./prices";
import { SiteLink } from "./site-link";

export function initialEmbedDraft(lang: Language, currency: EmbedCurrency): Draft {
  const draft = initialDraft(lang);
  return { ...draft, settings: { ...draft.settings, currency } };
}

type CallToAction = Extract<EmbedState, { status: "ok" }>["callToAction"];

/**
 * The embedded calculator (spec §2): the app's steps and results, no header, footer, account or
 * storage; the settings in a disclosure below; the currency is the embed's.
 */
export function EmbedCalculator({
  lang,
  currency,
  callToAction,
  count,
}: {
  lang: Language;
  currency: EmbedCurrency;
  /** the configuration's "pay your zakat here" link (issue 18) */
  callToAction?: CallToAction;
  /** the usage counter of a keyed embed (its load is counted by main.tsx, once per page) */
  count?: CountUsage;
}) {
  const { t } = useTranslation("calculator");
  const { t: te } = useTranslation("embed");
  const [draft, setDraft] = useState(() => initialEmbedDraft(lang, currency));
  const update = useCallback((change: (d: Draft) => Draft) => setDraft(change), []);
  const prices = useEmbedPrices(draft, update);
  const [showErrors, setShowErrors] = useState(false);
  const settingsRef = useRef<HTMLDetailsElement>(null);

  const isResults = currentStep(draft).step === "results";
  const outcome = isResults ? computeDraftInBrowser(draft) : null;
  const zakatDue = outcome?.ok && outcome.response.isAboveNissab ? outcome.response.zakatDue : null;
  const payLink =
    callToAction && zakatDue && outcome?.ok
      ? fillCallToActionUrl(callToAction.urlTemplate, zakatDue, outcome.response.currency)
      : null;

  // counted once per calculation: reaching the results again after Back counts no more
  const counted = useRef({ completed: false, due: false });
  const completed = Boolean(outcome?.ok);
  const due = zakatDue !== null && Number(zakatDue) > 0;
  useEffect(() => {
    if (!count) return;
    if (completed && !counted.current.completed) {
      counted.current.completed = true;
      count("completed");
    }
    if (completed && due && !counted.current.due) {
      counted.current.due = true;
      count("due");
    }
  }, [count, completed, due]);

  const openSettings = () => {
    const details = settingsRef.current;
    if (!details) return;
    details.open = true;
    details.querySelector("summary")?.focus();
  };
  const startOver = () => {
    setDraft((d) => ({ ...initialEmbedDraft(lang, currency), settings: d.settings }));
    setShowErrors(false);
    counted.current = { completed: false, due: false };
  };

  return (
    <main
      className="mx-auto w-full max-w-3xl px-4 pt-3 pb-4 sm:px-6"
      data-testid="embed-calculator"
    >
      <div className="h-1 rounded-full bg-gold-500" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
        {t("title")}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{t("subtitle")}</p>

      {prices.fellBack ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-gold-300 bg-gold-50 p-3 text-sm text-gold-900"
          data-testid="prices-fallback"
        >
          {te("calculator.pricesFallback", {
            date: formatInstantDay(prices.fellBack, lang, "UTC"),
          })}
        </p>
      ) : null}

      <CalculatorWizard
        draft={draft}
        update={update}
        lang={lang}
        outcome={outcome}
        showErrors={showErrors}
        onShowErrorsChange={setShowErrors}
        onOpenSettings={openSettings}
        framed
        callToAction={
          payLink && callToAction ? (
            <div
              className="rounded-2xl border border-gold-300 bg-gold-50 p-4 text-center"
              data-testid="embed-call-to-action"
            >
              <a
                href={payLink}
                target="_blank"
                rel="noopener"
                onClick={() => count?.("cta")}
                className={buttonClasses({ variant: "primary", size: "lg", wrap: true })}
                data-testid="embed-cta-link"
              >
                <HandCoins aria-hidden="true" />
                {callToAction.label
                  ? callToActionLabel(callToAction.label, callToAction.organisation)
                  : te("cta.default", { organisation: callToAction.organisation })}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">({te("newTab")})</span>
              </a>
            </div>
          ) : null
        }
        resultActions={
          <Button variant="secondary" onClick={startOver} data-testid="start-over">
            <RotateCcw aria-hidden="true" />
            {t("nav.startOver")}
          </Button>
        }
      />

      <details
        ref={settingsRef}
        className="group mt-6 rounded-2xl border border-stone-200 bg-white shadow-sm"
        data-testid="embed-settings"
      >
        <summary className="flex cursor-pointer items-center gap-2 rounded-2xl px-5 py-4 font-semibold text-stone-900 marker:content-none hover:bg-stone-50">
          <Settings className="size-4 text-brand-700" aria-hidden="true" />
          {t("settings.title")}
          <span className="ms-auto text-sm font-normal text-stone-500 group-open:hidden">
            {te("calculator.settingsHint")}
          </span>
          <ChevronDown
            className="size-4 shrink-0 text-stone-500 transition-transform group-open:ms-auto group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="border-t border-stone-200 px-5 py-5">
          <SettingsFields
            draft={draft}
            update={update}
            lang={lang}
            priceStatus={prices.status}
            onRefreshPrices={prices.refresh}
            currencyLocked
          />
        </div>
      </details>

      <footer className="mt-6 flex flex-col gap-3 text-sm text-stone-600 sm:flex-row sm:items-start sm:justify-between">
        <p className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          {te("calculator.privacy")}
        </p>
        <SiteLink href={sitePath(lang, "calculator")} className="shrink-0">
          {te("calculator.poweredBy")}
        </SiteLink>
      </footer>
    </main>
  );
}
