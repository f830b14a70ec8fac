import { Printer, RotateCcw, Settings, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Container } from "~/components/ui/container";
import { prefetchOnDemand } from "~/components/ui/on-demand";
import { useSession } from "~/lib/use-session";
import { useWorkspaces } from "~/lib/use-workspaces";
import { useCompute } from "../model/compute-on-demand";
import { formatDate } from "../model/format";
import { useCalculatorDraft } from "../hooks/use-calculator-draft";
import { useMigratedLink } from "../hooks/use-migrated-link";
import { useLoadCalculation } from "../hooks/use-load-calculation";
import { useNewCalculation } from "../hooks/use-new-calculation";
import { usePrices } from "../hooks/use-prices";
import { useServerSave } from "../hooks/use-server-save";
import { useStepInUrl } from "../hooks/use-step-in-url";
import { DeletedNotice } from "./deleted-notice";
import { LoadStatePanel } from "./load-state";
import { SaveStatus } from "./save-status";
import {
  ConflictDialogOnDemand,
  DocumentsButtonOnDemand,
  SaveButtonOnDemand,
  SessionManagerOnDemand,
  SettingsDialogOnDemand,
  settings,
} from "./dialogs-on-demand";
import { ResultsPrompt } from "./results-prompt";
import { useRates } from "../hooks/use-rates";
import { CalculatorWizard, currentStep } from "./calculator-wizard";

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
  const rateStatus = useRates(draft, update, restored && !loading);
  // the tracker's "Calculate for this date": ?asOf=YYYY-MM-DD&milestone=<id> (decision 022)
  const asOfParam = params.get("asOf");
  const milestoneParam = params.get("milestone");
  const draftAsOf = draft.settings.asOf;
  const draftMilestone = draft.settings.milestoneId;
  useEffect(() => {
    if (!restored || !asOfParam || !/^\d{4}-\d{2}-\d{2}$/.test(asOfParam)) return;
    // already this calculation (a reload of the same address): keep what was typed
    if (draftAsOf === asOfParam && draftMilestone === milestoneParam) return;
    // a new calculation for that day: never the open one (it may be a saved one of another day)
    reset();
    server.forget();
    update((d) => ({
      ...d,
      settings: {
        ...d.settings,
        asOf: asOfParam,
        milestoneId: milestoneParam,
        // the prices and rates of that day, not today's
        rates: {},
        ...(d.settings.mode === "online"
          ? { goldPriceText: "", silverPriceText: "", priceSource: null }
          : {}),
      },
    }));
  }, [restored, asOfParam, milestoneParam, draftAsOf, draftMilestone, reset, server, update]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const { steps, index: stepIndex } = currentStep(draft);
  const isResults = steps[stepIndex] === "results";
  // the draft's check and computation load on the step before the results (decision 035)
  const compute = useCompute(isResults || steps[stepIndex + 1] === "results");

  const wantsNew = params.get("new") !== null;
  const hideErrors = useCallback(() => setShowErrors(false), []);
  // not while ?new is being answered (it rewrites the address itself)
  const stepTo = useStepInUrl({
    draft,
    update,
    ready: restored && !loading && !wantsNew,
    onMoved: hideErrors,
  });
  const startNew = () => {
    reset();
    server.forget();
    if (loadId || asOfParam || wantsNew) setParams({}, { replace: true });
  };
  useNewCalculation({
    wanted: wantsNew,
    restored,
    draft,
    link,
    lang,
    startNew,
    clearParam: () => setParams({}, { replace: true }),
  });
  /** a session kept on this device, opened from the session manager */
  const openKept: typeof replace = (opened, openedLink) => {
    server.forget();
    replace(opened, openedLink);
    setShowErrors(false);
    if (loadId) setParams({}, { replace: true });
  };

  // undefined: the results are wanted and their code is on its way
  const outcome = isResults ? compute?.computeDraft(draft) : null;

  return (
    <Container size="narrow" className="py-8 sm:py-12 print:py-0" data-testid="calculator-page">
      <div data-print-summary={isResults ? "" : undefined}>
        <div className="flex flex-col gap-4">
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
          {/* a toolbar under the title: two even columns on a phone, one row wider (issue 30) */}
          <div
            className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap print:hidden"
            data-testid="calculator-toolbar"
          >
            <SessionManagerOnDemand
              draft={draft}
              link={signedIn ? link : null}
              lang={lang}
              signedIn={signedIn}
              workspace={workspaces.current}
              busy={server.status === "saving"}
              onOpen={openKept}
              onStartNew={startNew}
            />
            <DocumentsButtonOnDemand draft={draft} link={signedIn ? link : null} lang={lang} />
            <Button
              variant="secondary"
              onClick={() => setSettingsOpen(true)}
              onPointerEnter={() => prefetchOnDemand(settings)}
              onFocus={() => prefetchOnDemand(settings)}
              data-testid="open-settings"
            >
              <Settings aria-hidden="true" />
              {t("settings.open")}
            </Button>
            <SaveButtonOnDemand
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
        {signedIn && server.deleted ? <DeletedNotice onSaveAsNew={server.saveAsNew} /> : null}

        {load.state.kind !== "none" && load.state.kind !== "done" ? (
          <LoadStatePanel state={load.state} onRetry={load.retry} onStartNew={startNew} />
        ) : (
          <CalculatorWizard
            rateStatus={rateStatus}
            draft={draft}
            update={update}
            lang={lang}
            outcome={outcome}
            showErrors={showErrors}
            onShowErrorsChange={setShowErrors}
            onStepChange={stepTo}
            onOpenSettings={() => setSettingsOpen(true)}
            resultActions={
              <>
                <Button variant="secondary" onClick={() => window.print()}>
                  <Printer aria-hidden="true" />
                  {t("results.print")}
                </Button>
                {/* it clears the open calculation: never on one press (issue 30) */}
                <ConfirmButton
                  trigger={
                    <Button variant="secondary" data-testid="start-over">
                      <RotateCcw aria-hidden="true" />
                      {t("nav.startOver")}
                    </Button>
                  }
                  title={t("nav.startOverConfirm.title")}
                  description={t(
                    signedIn && link
                      ? "nav.startOverConfirm.saved"
                      : "nav.startOverConfirm.unsaved",
                  )}
                  cancelLabel={t("nav.startOverConfirm.cancel")}
                  confirmLabel={t("nav.startOver")}
                  pendingLabel={t("nav.startOverConfirm.pending")}
                  onConfirm={async () => startNew()}
                  destructive={!(signedIn && link)}
                  testId="start-over-dialog"
                />
              </>
            }
          />
        )}

        {/* under the result, never over it (issue 30) */}
        <ResultsPrompt
          draft={draft}
          link={signedIn ? link : null}
          lang={lang}
          ready={restored && !loading}
          hasResult={outcome?.ok ?? false}
          onSave={server.saveNow}
        />
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

      <SettingsDialogOnDemand
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        draft={draft}
        update={update}
        lang={lang}
        priceStatus={prices.status}
        onRefreshPrices={prices.refresh}
      />
      <ConflictDialogOnDemand
        open={server.conflict !== null}
        version={server.conflict?.version ?? null}
        onReload={server.reloadTheirs}
        onOverwrite={() => void server.overwriteWithMine()}
      />
    </Container>
  );
}
