// What the server holds for the saved calculations opened or saved in this browser, so a
// calculation restored later (a reload, a kept session) is only sent again when it changed.

/** Cleared on sign-out with the other keys (lib/storage-keys.ts). */
export const SAVED_BODIES_KEY = "zakat_saved_bodies";
const kept = 10;

/** The body (JSON) last saved or opened for one version of one calculation. */
export interface SavedBody {
  id: string;
  version: number;
  key: string;
}

function read(): SavedBody[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(SAVED_BODIES_KEY) ?? "[]");
    return Array.isArray(list)
      ? list.filter(
          (e: Partial<SavedBody>) =>
            typeof e?.id === "string" && typeof e.version === "number" && typeof e.key === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** The body the server has for `id` at `version`, as this browser last saw it, or null. */
export function savedBodyOf(id: string, version: number): string | null {
  return read().find((e) => e.id === id && e.version === version)?.key ?? null;
}

/** Remembers `entry` (the newest first, one per calculation, the last few calculations). */
export function rememberSavedBody(entry: SavedBody): void {
  const list = [entry, ...read().filter((e) => e.id !== entry.id)].slice(0, kept);
  try {
    window.localStorage.setItem(SAVED_BODIES_KEY, JSON.stringify(list));
  } catch {
    // quota or privacy mode: a restored calculation is sent once more, nothing is lost
  }
}
