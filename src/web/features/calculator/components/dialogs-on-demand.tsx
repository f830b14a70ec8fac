import { ClipboardList, FolderOpen, Save } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { OnDemand, onDemand, prefetchOnDemand, useOnDemand } from "~/components/ui/on-demand";
import type * as Dialogs from "./calculator-dialogs";

// The calculator's dialogs are not part of its first load (issue 12, decision 029): Radix Dialog
// (focus trap, scroll lock, dismissal) and the dialogs' own code come in one chunk on first use.
// A dialog with its own trigger (sessions, documents, save) has a stand-in button with the same
// look, name and test id (components/ui/on-demand.tsx): pointing at it or focusing it starts the
// download, a click renders the real dialog, open. A dialog opened by state (settings, the save
// conflict) and the results prompt load when first wanted and show once here.

type PropsOf<K extends keyof typeof Dialogs> = Omit<
  ComponentProps<(typeof Dialogs)[K]>,
  "defaultOpen"
>;

const load = () => import("./calculator-dialogs");

export const sessionManager = onDemand<PropsOf<"SessionManager">>(() =>
  load().then((m) => m.SessionManager),
);
const documents = onDemand<PropsOf<"DocumentsButton">>(() => load().then((m) => m.DocumentsButton));
const save = onDemand<PropsOf<"SaveButton">>(() => load().then((m) => m.SaveButton));
export const settings = onDemand<PropsOf<"SettingsDialog">>(() =>
  load().then((m) => m.SettingsDialog),
);
const conflict = onDemand<PropsOf<"ConflictDialog">>(() => load().then((m) => m.ConflictDialog));
const resultsPrompt = onDemand<PropsOf<"ResultsPromptPanel">>(() =>
  load().then((m) => m.ResultsPromptPanel),
);

/** Loads every dialog above (unit tests, to open them with a synchronous click). */
export async function loadCalculatorDialogs(): Promise<void> {
  await Promise.all([
    prefetchOnDemand(sessionManager),
    prefetchOnDemand(documents),
    prefetchOnDemand(save),
    prefetchOnDemand(settings),
    prefetchOnDemand(conflict),
    prefetchOnDemand(resultsPrompt),
  ]);
}

export function SessionManagerOnDemand(props: PropsOf<"SessionManager">) {
  const { t } = useTranslation("calculator");
  return (
    <OnDemand
      module={sessionManager}
      props={props}
      trigger={(intent) => (
        <Button variant="secondary" data-testid="open-sessions" aria-haspopup="dialog" {...intent}>
          <FolderOpen aria-hidden="true" />
          {t("sessions.open")}
        </Button>
      )}
    />
  );
}

export function DocumentsButtonOnDemand(props: PropsOf<"DocumentsButton">) {
  const { t } = useTranslation("calculator");
  return (
    <OnDemand
      module={documents}
      props={props}
      trigger={(intent) => (
        <Button variant="secondary" data-testid="open-documents" aria-haspopup="dialog" {...intent}>
          <ClipboardList aria-hidden="true" />
          {t("documents.open")}
        </Button>
      )}
    />
  );
}

export function SaveButtonOnDemand(props: PropsOf<"SaveButton">) {
  const { t } = useTranslation("calculator");
  return (
    <OnDemand
      module={save}
      props={props}
      trigger={(intent) => (
        <Button
          variant="secondary"
          data-testid="save-calculation"
          aria-haspopup="dialog"
          {...intent}
        >
          <Save aria-hidden="true" />
          {t("save.button")}
        </Button>
      )}
    />
  );
}

export function SettingsDialogOnDemand(props: PropsOf<"SettingsDialog">) {
  const Loaded = useOnDemand(settings, props.open);
  return Loaded ? <Loaded {...props} /> : null;
}

export function ConflictDialogOnDemand(props: PropsOf<"ConflictDialog">) {
  const Loaded = useOnDemand(conflict, props.open);
  return Loaded ? <Loaded {...props} /> : null;
}

/** The results prompt is no dialog (it sits under the result) but shares their chunk. */
export function ResultsPromptPanelOnDemand(props: PropsOf<"ResultsPromptPanel">) {
  const Loaded = useOnDemand(resultsPrompt, props.open !== null);
  return Loaded ? <Loaded {...props} /> : null;
}
