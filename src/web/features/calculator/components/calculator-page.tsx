import { ArrowLeft, ArrowRight, Printer, RotateCcw, Settings, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Container } from "~/components/ui/container";
import { useSession } from "~/features/auth/hooks/use-session";
import { useWorkspaces } from "~/features/workspaces/hooks/use-workspaces";
import { computeDraft } from "../model/compute";
import { activeSteps, invalidFieldsOf, stepIds, type StepId } from "../model/draft";
import { formatDate } from "../model/format";
import { useCalculatorDraft } from "../hooks/use-calculator-draft";
import { useMigratedLink } from "../hooks/use-guest-migration";
import { useLoadCalculation } from "../hooks/use-load-calculation";
import { usePrices } from "../hooks/use-prices";
import { useServerSave } from "../hooks/use-server-save";
import { LoadStatePanel } from "./load-state";
import { Results } from "./results";
import { ConflictDialog, SaveButton, SaveStatus } from "./save-dialog";
import { DocumentsButton } from "./documents-dialog";
import { SessionManager } from "./session-manager";
import { SettingsDialog } from "./settings-dialog";
import { ResultsPrompt } from "./update-dashboard-dialog";
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
import "./print.css";

const stepComponents: Record<Exclude<StepId, "results">, (props: StepProps) => React.ReactNode> = {
  assets: SelectAssetsStep,
  liabilities: SelectLiabilitiesStep,
  cash: CashStep,
  goldSilver: GoldSilverStep,
  moneyOwed: MoneyOwedStep,
  sharesBusiness: SharesBusinessStep,
  liabilityAmounts: LiabilityAmountsStep,
};

/** Spec §2 "Calculator": eight steps, the ones of unselected categories skipped. */
export function CalculatorPage() {
  const { t } = useTranslation("calculator");
  const lang = useLanguage();
  const { draft, update, reset, restored, link, setLink, replace, stored } =
    useCalculatorDraft(lang);
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const workspaces = useWorkspaces();
  const [params, setParams] = useSearchParams();
  const loadId = params.get("load");
  const server = useServerSave({
    enabled: signedIn,
    draft,
    link: signedIn ? link : null,
    setLink,
    replace,
    lang,
  });
  const load = useLoadCalculation({
    id: loadId,
    session: session.status,
    workspace: { status: workspaces.status, id: workspaces.current?.id ?? null },
    restored,
    stored,
    lang,
    adopt: server.adopt,
  });
  const loading = load.state.kind !== "none" && load.state.kind !== "done";
  // a guest calculation saved to the new account while open here: keep auto-saving into it
  useMigratedLink({ draft, link, setLink });
  const prices = usePrices(draft, update, restored && !loading);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  /** counts refused Nexts: each one focuses the first field to fix, once it is rendered */
  const [refusals, setRefusals] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const steps = activeSteps(draft);
  // a step whose category was unselected meanwhile: the nearest earlier step in use
  const step: StepId = steps.includes(draft.step)
    ? draft.step
    : ([...steps].reverse().find((s) => stepIndexAll(s) < stepIndexAll(draft.step)) ?? "assets");
  const index = steps.indexOf(step);
  const isResults = step === "results";

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (refusals > 0)
      formRef.current?.querySelector<HTMLInputElement>("[data-unreadable]")?.focus();
  }, [refusals]);

  const startNew = () => {
    reset();
    server.forget();
    if (loadId) setParams({}, { replace: true });
  };
  /** a session kept on this device, opened from the session manager */
  const openKept: typeof replace = (opened, openedLink) => {
    server.forget();
    replace(opened, openedLink);
    setShowErrors(false);
    if (loadId) setParams({}, { replace: true });
  };

  const goTo = (target: StepId) => {
    moved.current = true;
    setShowErrors(false);
    update((d) => ({ ...d, step: target }));
    window.scrollTo({ top: 0 });
  };

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    if (isResults) return;
    if (invalidFieldsOf(draft, step).length > 0) {
      setShowErrors(true);
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

  const outcome = isResults ? computeDraft(draft) : null;
  const StepBody = isResults ? null : stepComponents[step];
  const stepTitle = t(`steps.${step}.title`);
  const progressText = t("progress.label", { current: index + 1, total: steps.length });

  return (
    <Container size="narrow" className="py-8 sm:py-12 print:py-0" data-testid="calculator-page">
      <div data-print-summary={isResults ? "" : undefined}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              {t("title")}
            </h1>
            <p className="mt-1 text-stone-600 print:hidden">{t("subtitle")}</p>
            {isResults ? (
              <p className="mt-1 hidden text-sm text-stone-600 print:block">
                {t("print.printed", { date: formatDate(new Date().toISOString(), lang) })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <SessionManager
              draft={draft}
              link={signedIn ? link : null}
              lang={lang}
              signedIn={signedIn}
              workspace={workspaces.current}
              busy={server.status === "saving"}
              onOpen={openKept}
              onStartNew={startNew}
            />
            <DocumentsButton draft={draft} link={signedIn ? link : null} lang={lang} />
            <Button
              variant="secondary"
              onClick={() => setSettingsOpen(true)}
              data-testid="open-settings"
            >
              <Settings aria-hidden="true" />
              {t("settings.open")}
            </Button>
            <SaveButton
              signedIn={signedIn}
              workspace={workspaces.current}
              draft={draft}
              link={signedIn ? link : null}
              lang={lang}
              onSave={server.saveNow}
            />
          </div>
        </div>
        {signedIn && link ? (
          <div className="mt-2 flex justify-end print:hidden">
            <SaveStatus status={server.status} onRetry={server.retry} />
          </div>
        ) : null}

        {load.state.kind !== "none" && load.state.kind !== "done" ? (
          <LoadStatePanel state={load.state} onRetry={load.retry} onStartNew={startNew} />
        ) : (
          <>
            <nav aria-label={t("progress.navLabel")} className="mt-8 print:hidden">
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
              <ol className="mt-3 hidden flex-wrap gap-x-4 gap-y-1 text-xs text-stone-500 sm:flex">
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
              className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 print:mt-2 print:border-0 print:p-0 print:shadow-none"
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
              <p className="mt-1 mb-6 text-stone-600 print:hidden">{t(`steps.${step}.intro`)}</p>

              {showErrors ? (
                <p role="alert" className="mb-4 text-sm font-medium text-red-700">
                  {t("amount.fixErrors")}
                </p>
              ) : null}

              {StepBody ? (
                <StepBody draft={draft} update={update} lang={lang} showErrors={showErrors} />
              ) : outcome?.ok ? (
                <Results response={outcome.response} draft={draft} lang={lang} />
              ) : (
                <div className="rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-gold-900">
                  <p role="status">
                    {outcome?.reason === "prices"
                      ? t("results.needPrices")
                      : t("results.needAmounts")}
                  </p>
                  {outcome?.reason === "prices" ? (
                    <Button className="mt-3" size="sm" onClick={() => setSettingsOpen(true)}>
                      <Settings aria-hidden="true" />
                      {t("settings.open")}
                    </Button>
                  ) : null}
                </div>
              )}

              <div className="mt-8 flex flex-col-reverse gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:justify-between print:hidden">
                <Button
                  variant="ghost"
                  onClick={back}
                  disabled={index === 0}
                  data-testid="step-back"
                >
                  <ArrowLeft aria-hidden="true" />
                  {t("nav.back")}
                </Button>
                {isResults ? (
                  <div className="flex flex-col gap-3 sm:flex-row">
                    <Button variant="secondary" onClick={() => window.print()}>
                      <Printer aria-hidden="true" />
                      {t("results.print")}
                    </Button>
                    <Button variant="secondary" onClick={startNew} data-testid="start-over">
                      <RotateCcw aria-hidden="true" />
                      {t("nav.startOver")}
                    </Button>
                  </div>
                ) : (
                  <Button type="submit" data-testid="step-next">
                    {steps[index + 1] === "results" ? t("nav.calculate") : t("nav.next")}
                    <ArrowRight aria-hidden="true" />
                  </Button>
                )}
              </div>
            </form>
          </>
        )}

        <aside
          className="mt-6 flex gap-3 rounded-xl bg-stone-50 p-4 text-sm text-stone-600 print:hidden"
          aria-labelledby="privacy-title"
          data-testid="privacy-note"
        >
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h2 id="privacy-title" className="font-semibold text-stone-800">
              {t("privacy.title")}
            </h2>
            <p className="mt-1">{t("privacy.text")}</p>
          </div>
        </aside>
      </div>

      <SettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        draft={draft}
        update={update}
        lang={lang}
        priceStatus={prices.status}
        onRefreshPrices={prices.refresh}
      />
      <ConflictDialog
        open={server.conflict !== null}
        version={server.conflict?.version ?? null}
        onReload={server.reloadTheirs}
        onOverwrite={() => void server.overwriteWithMine()}
      />
      <ResultsPrompt
        draft={draft}
        link={signedIn ? link : null}
        lang={lang}
        ready={restored && !loading}
        hasResult={outcome?.ok ?? false}
        onSave={server.saveNow}
      />
    </Container>
  );
}

function stepIndexAll(step: StepId): number {
  return stepIds.indexOf(step);
}
