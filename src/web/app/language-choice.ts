// The stored language choice (spec §2), without React: shared by app/language.ts and the
// static pages' islands (src/web/islands).
import type { Language } from "../../domain/language";

/** localStorage key of the visitor's chosen language (spec §2). */
export const LANGUAGE_STORAGE_KEY = "language";

/** Stores the choice; a failure (private mode, quota, disabled storage) is only logged. */
export function rememberLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch (error) {
    console.error("Could not store the language choice", error);
  }
}
