import { useEffect, useState } from "react";
import type { Language } from "~/app/route-table";
import { useSession } from "~/lib/use-session";
import { useWorkspaces } from "~/lib/use-workspaces";
import type { SaveResult } from "../hooks/use-server-save";
import type { Draft } from "../model/draft";
import {
  forgetResultsPrompt,
  isPristineDraft,
  rememberResultsPromptShown,
  resultsPromptShown,
  resultsPromptToOpen,
} from "../model/results-prompt";
import type { ServerLink } from "../model/saved";
import { ResultsPromptPanelOnDemand } from "./dialogs-on-demand";

export interface ResultsPromptProps {
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  /** the stored draft is restored and no saved calculation is being opened */
  ready: boolean;
  /** on the results step with a result */
  hasResult: boolean;
  /** the calculator's save (POST when not saved yet); resolves to what it came to */
  onSave: (name: string, workspaceId: string) => Promise<SaveResult>;
}

/**
 * Spec §2 "Calculator": reaching the results of a calculation not saved yet shows, once for
 * that calculation, the update-dashboard prompt (signed in) or the save-calculation account
 * prompt (guest), under the result (results-prompt-panel.tsx) while the results are shown.
 */
export function ResultsPrompt({ draft, link, lang, ready, hasResult, onSave }: ResultsPromptProps) {
  const session = useSession();
  const { current: workspace } = useWorkspaces();
  const [open, setOpen] = useState<"guest" | "dashboard" | null>(null);
  const pristine = link === null && isPristineDraft(draft);

  // a new calculation (started over, or nothing entered yet) gets its own prompt; not before
  // the stored draft is read (the page starts from an empty one)
  useEffect(() => {
    if (ready && pristine) forgetResultsPrompt();
  }, [ready, pristine]);

  const workspaceId = workspace?.id ?? null;
  useEffect(() => {
    if (open) return;
    const which = resultsPromptToOpen({
      session: session.status,
      ready,
      hasResult: hasResult && !pristine,
      link,
      workspaceId,
      shown: resultsPromptShown(),
    });
    if (!which) return;
    rememberResultsPromptShown();
    setOpen(which);
  }, [open, session.status, ready, hasResult, pristine, link, workspaceId]);

  // leaving the results puts it away, as "Not now" (it was shown for this calculation)
  useEffect(() => {
    if (!hasResult && open) setOpen(null);
  }, [hasResult, open]);

  return (
    <ResultsPromptPanelOnDemand
      open={hasResult ? open : null}
      onClose={() => setOpen(null)}
      draft={draft}
      workspace={workspace}
      link={link}
      lang={lang}
      onSave={onSave}
    />
  );
}
