import { SIGNED_IN_HINT_KEY } from "~/lib/signed-in-hint";

/** Where a protected page's address waits while the visitor signs in (spec §2). */
export const AUTH_REDIRECT_KEY = "auth_redirect_url";

/** The remembered workspace (spec §4 "Workspace"). */
export const CURRENT_WORKSPACE_KEY = "current_workspace_id";

/** A guest calculation waiting for the account it is saved to (features/calculator, spec §4). */
export const PENDING_MIGRATION_KEY = "pending_calculation_migration";

export { SIGNED_IN_HINT_KEY };

/**
 * Everything a signed-in person leaves in this browser. Sign-out, or a session that
 * disappears, removes all of it (spec §4 "Auth", §8 last line).
 */
export const USER_DATA_KEYS = [
  "zakat_current_session",
  "zakat_saved_sessions",
  "zakat_app_settings",
  "zakat_metal_prices",
  // what the server holds for the calculations opened here (features/calculator)
  "zakat_saved_bodies",
  PENDING_MIGRATION_KEY,
  "hasSeenZakatExplanation",
  // the calculator's results prompt, shown once per calculation (features/calculator)
  "zakat_results_prompt",
  // the review schedule proposed for the next threshold (features/tracker)
  "zakat_review_defaults",
  CURRENT_WORKSPACE_KEY,
  AUTH_REDIRECT_KEY,
  // the static pages' hint that this browser is signed in (lib/signed-in-hint.ts)
  SIGNED_IN_HINT_KEY,
] as const;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as if empty
  }
}

export function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the feature degrades to "not remembered"
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // see writeKey
  }
}

export function clearUserData(): void {
  for (const key of USER_DATA_KEYS) removeKey(key);
}
