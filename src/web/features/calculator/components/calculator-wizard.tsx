import { ArrowLeft, ArrowRight, Settings } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/lib/use-hydrated";
import type { ComputeOutcome } from "../model/compute";
import { activeSteps, invalidFieldsOf, stepIds, type Draft, type StepId } from "../model/draft";
import { priceBasisOf } from "../model/price-basis";
import type { RateStatus } from "../hooks/use-rates";
import { RatesSection } from "./rates-section";
import { Results } from "./results";
import {
  CashStep,
  GoldSilverStep,
  LiabilityAmountsStep,
  MoneyOwedStep,
  SelectAssetsStep,
  SelectLiabilitiesStep,
  SharesBusinessStep,
  type StepProps,
} from "./steps";

// The calculator's steps and results (spec §2 "Calculator") without anything around them: no
// router, session or storage, so the app's page and the embed (src/web/embed) share it.

const stepComponents: Record<Exclude<StepId, "results">, (props: StepProps) => React.ReactNode> = {
  assets: SelectAssetsStep,
  liabilities: SelectLiabilitiesStep,
  cash: CashStep,
  goldSilver: GoldSilverStep,
  moneyOwed: MoneyOwedStep,
  sharesBusiness: SharesBusinessStep,
  liabilityAmounts: LiabilityAmountsStep,
};

/** The step shown: the draft's, or the nearest earlier one in use when its category went. */
export function currentStep(draft: Draft): { steps: StepId[]; step: StepId; index: number } {
  const steps = activeSteps(draft);
  const at = (s: StepId) => stepIds.indexOf(s);
  const step: StepId = steps.includes(draft.step)
    ? draft.step
    : ([...steps].reverse().find((s) => at(s) < at(draft.step)) ?? "assets");
  return { steps, step, index: steps.indexOf(step) };
}

/** The step labels' columns: one row up to five steps, else two even rows. */
function labelColumns(count: number): number {
  return count <= 5 ? count : Math.ceil(count / 2);
}

export function CalculatorWizard({
  draft,
  update,
  lang,
  outcome,
  showErrors,
  onShowErrorsChange,
  onOpenSettings,
  resultActions,
  callToAction,
  framed = false,
  rateStatus = "idle",
  onStepChange,
}: {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  /** the computed result, at the results step */
  /** null before the results step; undefined while compute.ts loads (compute-on-demand.ts) */
  outcome: ComputeOutcome | null | undefined;
  showErrors: boolean;
  onShowErrorsChange: (show: boolean) => void;
  onOpenSettings: () => void;
  /** buttons beside Back at the results step (print, start over) */
  resultActions?: React.ReactNode;
  /** shown right under the amount due (the embed's pay button), before the details */
  callToAction?: React.ReactNode;
  /**
   * inside another site's frame (the embed, issue 30): tighter spacing, the explanation folded,
   * and a step's Back and Next kept at the bottom of the frame while the step is taller than it
   */
  framed?: boolean;
  /** online rates being fetched (the app's page; an embed types its rates) */
  rateStatus?: RateStatus;
  /** moves to another step instead of the draft (the app's page keeps the step in the URL) */
  onStepChange?: (target: StepId) => void;
}) {
  const { t } = useTranslation("calculator");
  /** counts refused Nexts: each one focuses the first field to fix, once it is rendered */
  const [refusals, setRefusals] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const { steps, step, index } = currentStep(draft);
  const isResults = step === "results";

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (refusals > 0)
      formRef.current?.querySelector<HTMLInputElement>("[data-unreadable]")?.focus();
  }, [refusals]);

  const goTo = (target: StepId) => {
    moved.current = true;
    onShowErrorsChange(false);
    if (onStepChange) onStepChange(target);
    else update((d) => ({ ...d, step: target }));
    window.scrollTo({ top: 0 });
  };

  // before hydration a click would submit the form natively (decision 073)
  const hydrated = useHydrated();
  const next = (event: React.FormEvent) => {
    event.preventDefault();
    if (isResults) return;
    if (invalidFieldsOf(draft, step).length > 0) {
      onShowErrorsChange(true);
      // the first field in error, so the person lands on what to fix (focused after render)
      setRefusals((n) => n + 1);
      return;
    }
    const target = steps[index + 1];
    if (target) goTo(target);
  };
  const back = () => {
    const target = steps[index - 1];
    if (target) goTo(target);
  };

  /** prices that may be old: typed by hand from now on, in the settings */
  const typePrices = () => {
    update((d) => ({ ...d, settings: { ...d.settings, mode: "offline" } }));
    onOpenSettings();
  };

  const StepBody = isResults ? null : stepComponents[step];
  const stepTitle = t(`steps.${step}.title`);
  const progressText = t("progress.label", { current: index + 1, total: steps.length });

  return (
    <>
      <nav
        aria-label={t("progress.navLabel")}
        className={cn(framed ? "mt-4" : "mt-8", "print:hidden")}
      >
        <p className="text-sm font-medium text-stone-700" data-testid="step-progress">
          {progressText}
        </p>
        <div
          role="progressbar"
          aria-label={t("progress.navLabel")}
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
          aria-valuetext={`${progressText}: ${stepTitle}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${((index + 1) / steps.length) * 100}%` }}
          />
        </div>
        {/* in even rows (at most two), so no label is left alone on a line (issue 30) */}
        <ol
          className="mt-3 hidden gap-x-4 gap-y-1 text-xs text-stone-500 sm:grid"
          style={{
            gridTemplateColumns: `repeat(${labelColumns(steps.length)}, minmax(0, 1fr))`,
          }}
          data-testid="step-labels"
        >
          {steps.map((s, i) => (
            <li
              key={s}
              aria-current={s === step ? "step" : undefined}
              className={cn(
                s === step && "font-semibold text-brand-800",
                i < index && "text-stone-700",
              )}
            >
              {i + 1}. {t(`steps.${s}.short`)}
            </li>
          ))}
        </ol>
      </nav>

      <form
        ref={formRef}
        onSubmit={next}
        noValidate
        className={cn(
          framed ? "mt-4 sm:p-6" : "mt-6 sm:p-8",
          "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm print:mt-2 print:border-0 print:p-0 print:shadow-none",
        )}
        aria-labelledby="calculator-step-title"
      >
        <h2
          id="calculator-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight text-stone-900 outline-none print:text-base"
          data-testid="step-title"
        >
          {stepTitle}
        </h2>
        <p className={cn("mt-1 text-stone-600 print:hidden", framed ? "mb-4" : "mb-6")}>
          {t(`steps.${step}.intro`)}
        </p>

        {/* gone as soon as every amount of the step can be read (issue 30) */}
        {showErrors && invalidFieldsOf(draft, step).length > 0 ? (
          <p
            role="alert"
            className="mb-4 text-sm font-medium text-red-700"
            data-testid="fix-errors"
          >
            {t("amount.fixErrors")}
          </p>
        ) : null}

        {StepBody ? (
          <StepBody draft={draft} update={update} lang={lang} showErrors={showErrors} />
        ) : null}
        {step !== "assets" && step !== "liabilities" ? (
          <div className="mt-6">
            <RatesSection
              draft={draft}
              update={update}
              lang={lang}
              status={rateStatus}
              showErrors={showErrors}
            />
          </div>
        ) : null}
        {StepBody || outcome === undefined ? null : outcome?.ok ? (
          <Results
            response={outcome.response}
            draft={draft}
            lang={lang}
            basis={priceBasisOf(draft, outcome.request.prices, new Date())}
            onTypePrices={typePrices}
            callToAction={callToAction}
            foldExplanation={framed}
          />
        ) : (
          <div className="rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-gold-900">
            <p role="status">
              {outcome?.reason === "prices"
                ? t("results.needPrices")
                : outcome?.reason === "rates"
                  ? t("results.needRates")
                  : t("results.needAmounts")}
            </p>
            {outcome?.reason === "prices" ? (
              <Button className="mt-3" size="sm" onClick={onOpenSettings}>
                <Settings aria-hidden="true" />
                {t("settings.open")}
              </Button>
            ) : null}
          </div>
        )}

        <div
          className={cn(
            "flex gap-3 border-t border-stone-200 print:hidden",
            !framed
              ? "mt-8 flex-col-reverse pt-6 sm:flex-row sm:justify-between"
              : isResults
                ? "mt-6 flex-col-reverse pt-4 sm:flex-row sm:justify-between"
                : // stuck to the frame's bottom edge across the form's padding, in one row
                  "sticky bottom-0 z-10 -mx-5 mt-6 flex-row justify-between bg-white px-5 py-3 sm:-mx-6 sm:px-6",
          )}
          data-testid="step-actions"
        >
          <Button variant="ghost" onClick={back} disabled={index === 0} data-testid="step-back">
            <ArrowLeft aria-hidden="true" />
            {t("nav.back")}
          </Button>
          {isResults ? (
            <div className="flex flex-col gap-3 sm:flex-row">{resultActions}</div>
          ) : (
            <Button type="submit" disabled={!hydrated} data-testid="step-next">
              {steps[index + 1] === "results" ? t("nav.calculate") : t("nav.next")}
              <ArrowRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
