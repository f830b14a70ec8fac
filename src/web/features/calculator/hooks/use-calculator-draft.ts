import { useCallback, useEffect, useRef, useState } from "react";
import type { Language } from "~/app/route-table";
import { initialDraft, relocalizeDraft, type Draft } from "../model/draft";
import { clearDraft, loadDraft, saveDraft } from "../model/storage";

/**
 * The draft, auto-saved on this device. Rendering (and prerendering) starts from the empty
 * draft; the stored one is read in an effect, so no storage is touched during render.
 */
export function useCalculatorDraft(lang: Language) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(lang));
  const [restored, setRestored] = useState(false);
  const skipSave = useRef(true);

  useEffect(() => {
    const stored = loadDraft(lang);
    if (stored) setDraft(relocalizeDraft(stored, lang));
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
    saveDraft(draft);
  }, [draft, restored]);

  const update = useCallback((change: (draft: Draft) => Draft) => setDraft(change), []);
  const reset = useCallback(() => {
    clearDraft();
    setDraft((current) => ({ ...initialDraft(lang), settings: current.settings }));
    skipSave.current = true;
  }, [lang]);

  return { draft, update, reset, restored };
}
