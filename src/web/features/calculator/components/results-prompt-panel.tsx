import { CheckCircle2, LayoutDashboard, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { AccountLinks } from "./account-links";
import type { Draft } from "../model/draft";
import type { ServerLink } from "../model/saved";
import type { SaveResult } from "../hooks/use-server-save";
import { CalculationNameField, SaveError, useCalculationNameForm } from "./calculation-name-field";
import { keepCalculationForAccount } from "./save-dialog";

// The results prompt sits under the result, never over it (issue 30: on a phone the dialog hid
// the amount): the person sees their zakat first and answers, or not, below it.

/** The results prompt (results-prompt.tsx decides which shows; this loads on demand). */
export function ResultsPromptPanel({
  open,
  onClose,
  draft,
  workspace,
  link,
  lang,
  onSave,
}: {
  open: "guest" | "dashboard" | null;
  onClose: () => void;
  draft: Draft;
  workspace: { id: string; name: string } | null;
  link: ServerLink | null;
  lang: Language;
  onSave: (name: string, workspaceId: string) => Promise<SaveResult>;
}) {
  if (open === "guest") return <GuestPrompt draft={draft} lang={lang} onClose={onClose} />;
  if (open === "dashboard" && workspace) {
    return (
      <UpdateDashboardPrompt
        workspace={workspace}
        link={link}
        lang={lang}
        onSave={onSave}
        onClose={onClose}
      />
    );
  }
  return null;
}

function Panel({
  title,
  text,
  testId,
  phase,
  headingRef,
  children,
}: {
  title: string;
  text: string;
  testId: string;
  phase?: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6 print:hidden"
      data-testid={testId}
      data-phase={phase}
    >
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-stone-900 outline-none"
      >
        {title}
      </h2>
      <p className="mt-1 text-sm leading-6 text-stone-700">{text}</p>
      {children}
    </section>
  );
}

/** The save-calculation account prompt (spec §2), for a guest. */
function GuestPrompt({
  draft,
  lang,
  onClose,
}: {
  draft: Draft;
  lang: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation("calculator");
  const keep = () => keepCalculationForAccount(draft, lang, t("save.defaultNamePrefix"));
  return (
    <Panel title={t("save.accountTitle")} text={t("save.accountText")} testId="guest-save-prompt">
      <p className="mt-2 text-sm leading-6 text-stone-700">{t("save.accountMigrate")}</p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="ghost" onClick={onClose} data-testid="guest-save-later">
          {t("save.later")}
        </Button>
        <AccountLinks onKeep={keep} />
      </div>
    </Panel>
  );
}

/**
 * "Update dashboard": saves the calculation as completed now, under a name (the default one
 * proposed), then offers the dashboard, whose recent calculations show it. "Not now" hides it.
 */
function UpdateDashboardPrompt({
  workspace,
  link,
  lang,
  onSave,
  onClose,
}: {
  workspace: { id: string; name: string };
  link: ServerLink | null;
  lang: Language;
  onSave: (name: string, workspaceId: string) => Promise<SaveResult>;
  onClose: () => void;
}) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const nameId = useId();
  const errorId = useId();
  const form = useCalculationNameForm(link, lang, workspace.id);
  const [phase, setPhase] = useState<"ask" | "busy" | "done">("ask");
  /** the name it was saved under, for the done text */
  const [savedName, setSavedName] = useState("");
  const [failed, setFailed] = useState(false);
  const nameError = form.fieldError("name");
  const error = nameError ?? (failed ? t("save.failed") : null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  // the submit button goes with the form: focus moves to what replaced it
  useEffect(() => {
    if (phase === "done") doneHeading.current?.focus();
  }, [phase]);

  const submit = form.handleSubmit(
    async ({ name }) => {
      if (phase !== "ask") return;
      setPhase("busy");
      setFailed(false);
      const result = await onSave(name, link?.workspaceId ?? workspace.id);
      if (result.ok) {
        setSavedName(name);
        setPhase("done");
      } else {
        setPhase("ask");
        // a name the server refused is said under it; anything else as the save's failure
        if (!form.applyServerError(result.error)) setFailed(true);
      }
    },
    () => setFailed(false),
  );

  if (phase === "done") {
    return (
      <Panel
        title={t("dashboardPrompt.doneTitle")}
        text={t("dashboardPrompt.doneText", { name: savedName })}
        testId="update-dashboard-prompt"
        phase="done"
        headingRef={doneHeading}
      >
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-brand-800">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t("dashboardPrompt.done")}
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} data-testid="update-dashboard-close">
            {tc("actions.close")}
          </Button>
          <LocalizedLink
            to="/dashboard"
            className={buttonClasses()}
            data-testid="update-dashboard-go"
          >
            <LayoutDashboard aria-hidden="true" />
            {t("dashboardPrompt.goToDashboard")}
          </LocalizedLink>
        </div>
      </Panel>
    );
  }

  const busy = phase === "busy";
  return (
    <Panel
      title={t("dashboardPrompt.title")}
      text={t("dashboardPrompt.text", { workspace: workspace.name })}
      testId="update-dashboard-prompt"
      phase="ask"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <CalculationNameField
          id={nameId}
          field={form.register("name")}
          invalid={nameError !== undefined}
          errorId={error ? errorId : undefined}
          testId="update-dashboard-name"
        />
        <SaveError id={errorId} error={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} data-testid="update-dashboard-later">
            {t("save.later")}
          </Button>
          <Button type="submit" disabled={busy} data-testid="update-dashboard-submit">
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy ? t("save.saving") : t("dashboardPrompt.submit")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
