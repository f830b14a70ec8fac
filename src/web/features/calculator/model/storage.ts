import type { Language } from "~/app/route-table";
import { draftFromStorage, type Draft } from "./draft";

/** The guest's in-progress calculation (spec §8: cleared on sign-out with the other keys). */
export const CURRENT_SESSION_KEY = "zakat_current_session";

/** The stored draft, or null (nothing stored, unreadable, or storage unavailable). */
export function loadDraft(fallbackLanguage: Language): Draft | null {
  try {
    const raw = window.localStorage.getItem(CURRENT_SESSION_KEY);
    return raw ? draftFromStorage(JSON.parse(raw), fallbackLanguage) : null;
  } catch {
    return null;
  }
}

/** Stores the draft; a failure (private mode, quota) is only logged, entries stay on screen. */
export function saveDraft(draft: Draft): void {
  try {
    window.localStorage.setItem(
      CURRENT_SESSION_KEY,
      JSON.stringify({ version: 1, savedAt: new Date().toISOString(), draft }),
    );
  } catch (error) {
    console.error("Could not keep the calculation on this device", error);
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(CURRENT_SESSION_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
