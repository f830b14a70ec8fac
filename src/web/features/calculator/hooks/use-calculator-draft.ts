import { useCallback, useEffect, useRef, useState } from "react";
import type { Language } from "~/app/route-table";
import { initialDraft, relocalizeDraft, type Draft } from "../model/draft";
import type { ServerLink } from "../model/saved";
import { clearDraft, loadSession, saveDraft, type StoredSession } from "../model/storage";
import { forgetCurrentSession } from "../model/sessions-storage";

/**
 * The draft, auto-saved on this device, with the saved calculation it belongs to (if any).
 * Rendering (and prerendering) starts from the empty draft; the stored one is read in an
 * effect, so no storage is touched during render.
 */
export function useCalculatorDraft(lang: Language) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(lang));
  const [link, setLink] = useState<ServerLink | null>(null);
  const [restored, setRestored] = useState(false);
  /** what was on this device on arrival (a `?load` compares it with the server's copy) */
  const [stored, setStored] = useState<StoredSession | null>(null);
  const skipSave = useRef(true);

  useEffect(() => {
    const session = loadSession(lang);
    if (session) {
      setDraft(relocalizeDraft(session.draft, lang));
      setLink(session.link);
      setStored(session);
    }
    setRestored(true);
    // only once, on arrival; later language changes are handled below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    setDraft((current) => relocalizeDraft(current, lang));
  }, [lang]);

  useEffect(() => {
    if (!restored) return;
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    saveDraft(draft, link);
  }, [draft, link, restored]);

  const update = useCallback((change: (draft: Draft) => Draft) => setDraft(change), []);
  const reset = useCallback(() => {
    clearDraft();
    // a new session: the previous one's name and ticks go with it (the manager kept it if asked)
    forgetCurrentSession();
    setLink(null);
    // the settings stay, but not the day of a "Calculate for this date" (decision 022)
    setDraft((current) => ({
      ...initialDraft(lang),
      settings: { ...current.settings, asOf: null, milestoneId: null },
    }));
    skipSave.current = true;
  }, [lang]);
  /** Another calculation (a loaded one, or the server's copy after a conflict). */
  const replace = useCallback(
    (next: Draft, nextLink: ServerLink | null) => {
      setDraft(relocalizeDraft(next, lang));
      setLink(nextLink);
    },
    [lang],
  );

  return { draft, update, reset, restored, link, setLink, replace, stored };
}
