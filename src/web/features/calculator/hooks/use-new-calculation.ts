import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { Language } from "~/app/route-table";
import type { Draft } from "../model/draft";
import { defaultCalculationName, distinctName, type ServerLink } from "../model/saved";
import { keepCurrent, maxSessions } from "../model/sessions";
import { readSessionStore, writeSessionStore, readCurrentSavedAt } from "../model/sessions-storage";

/**
 * `/calculator?new=1` (History's and the dashboard's "New calculation"): an empty calculation,
 * not the one open here. That one is kept among this browser's sessions first, as the session
 * manager's "New" does; when the list is full nothing changes and a notice says so.
 */
export function useNewCalculation(options: {
  wanted: boolean;
  restored: boolean;
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  startNew: () => void;
  clearParam: () => void;
}) {
  const { wanted, restored, draft, link, lang, startNew, clearParam } = options;
  const { t } = useTranslation("calculator");
  useEffect(() => {
    if (!wanted || !restored) return;
    const now = new Date().toISOString();
    const current = { draft, link, updatedAt: readCurrentSavedAt() };
    // as useDefaultSessionName names it (use-session-manager.ts loads with the manager only)
    const store = readSessionStore(lang);
    const name =
      link?.name ??
      distinctName(
        defaultCalculationName(lang, t("save.defaultNamePrefix")),
        store.others.map((s) => s.name),
      );
    const kept = keepCurrent(store, current, name, now);
    if (kept.ok && writeSessionStore(kept.store)) return startNew();
    const notice = kept.ok ? t("sessions.storageFailed") : t("sessions.full", { max: maxSessions });
    toast.error(notice, { id: "calculation-new" });
    clearParam();
    // once per arrival with ?new: the draft read is the one restored on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, restored]);
}
