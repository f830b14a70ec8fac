import type { Language } from "~/app/route-table";
import type { Draft } from "./draft";
import { draftFromStorage } from "./draft-from-storage";
import type { ServerLink } from "./saved";

/**
 * The in-progress calculation (spec §8: cleared on sign-out with the other keys). For a
 * signed-in person it also says which saved calculation it belongs to (`link`), so a reload
 * keeps auto-saving into the same one and never loses entries not yet saved.
 */
export const CURRENT_SESSION_KEY = "zakat_current_session";

export interface StoredSession {
  draft: Draft;
  link: ServerLink | null;
}

export const isLink = (value: unknown): value is ServerLink => {
  const v = value as Partial<ServerLink> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.workspaceId === "string" &&
    typeof v.id === "string" &&
    typeof v.version === "number" &&
    typeof v.name === "string" &&
    typeof v.isCompleted === "boolean" &&
    typeof v.calculationDate === "string"
  );
};

/** The stored session, or null (nothing stored, unreadable, or storage unavailable). */
export function loadSession(fallbackLanguage: Language): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(CURRENT_SESSION_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { link?: unknown };
    const draft = draftFromStorage(stored, fallbackLanguage);
    if (!draft) return null;
    return { draft, link: isLink(stored.link) ? stored.link : null };
  } catch {
    return null;
  }
}

/** The stored draft, or null. */
export function loadDraft(fallbackLanguage: Language): Draft | null {
  return loadSession(fallbackLanguage)?.draft ?? null;
}

/** Stores the draft; a failure (private mode, quota) is only logged, entries stay on screen. */
export function saveDraft(draft: Draft, link: ServerLink | null = null): void {
  try {
    window.localStorage.setItem(
      CURRENT_SESSION_KEY,
      JSON.stringify({ version: 1, savedAt: new Date().toISOString(), draft, link }),
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
