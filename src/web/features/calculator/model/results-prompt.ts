import { readKey, removeKey, writeKey } from "~/lib/storage-keys";
import { amountFieldIds, type Draft } from "./draft";
import type { ServerLink } from "./saved";

// Spec §2 "Calculator": the update-dashboard prompt (signed in) or the save-calculation account
// prompt (guest), shown once when a calculation reaches its results. "Once" is remembered per
// calculation of this browser: the calculation in progress that is not saved yet (a saved one
// is auto-saved, so the dashboard already follows it). Starting a new calculation (the draft
// back to empty) forgets it; sign-out clears it with the other user data.

export const RESULTS_PROMPT_KEY = "zakat_results_prompt";

/** Whether the prompt was already shown for the calculation in progress. */
export function resultsPromptShown(): boolean {
  return readKey(RESULTS_PROMPT_KEY) === "shown";
}

export function rememberResultsPromptShown(): void {
  writeKey(RESULTS_PROMPT_KEY, "shown");
}

export function forgetResultsPrompt(): void {
  removeKey(RESULTS_PROMPT_KEY);
}

/** A calculation not started yet: nothing selected, typed or added. */
export function isPristineDraft(draft: Draft): boolean {
  return (
    !Object.values(draft.assetSelection).some(Boolean) &&
    !Object.values(draft.liabilitySelection).some(Boolean) &&
    draft.bankAccounts.length === 0 &&
    amountFieldIds.every((id) => draft.amounts[id].trim() === "")
  );
}

export interface ResultsPromptState {
  session: "loading" | "signed-in" | "signed-out";
  /** the stored draft is restored and no saved calculation is being opened */
  ready: boolean;
  /** on the results step, with a result (prices and amounts readable) */
  hasResult: boolean;
  link: ServerLink | null;
  /** signed in: the workspace a save would go to (null: none, nothing to offer) */
  workspaceId: string | null;
  /** already shown for this calculation */
  shown: boolean;
}

/** Which prompt to open now, if any. */
export function resultsPromptToOpen(state: ResultsPromptState): "guest" | "dashboard" | null {
  if (!state.ready || !state.hasResult || state.link !== null || state.shown) return null;
  if (state.session === "signed-out") return "guest";
  if (state.session === "signed-in" && state.workspaceId !== null) return "dashboard";
  return null;
}
