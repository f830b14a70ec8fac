import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { Language } from "~/app/route-table";
import type { Draft } from "../model/draft";
import type { ServerLink } from "../model/saved";
import { keepCurrent, maxSessions } from "../model/sessions";
import { readSessionStore, writeSessionStore, readCurrentSavedAt } from "../model/sessions-storage";
import { useDefaultSessionName } from "./use-session-manager";

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
  const defaultName = useDefaultSessionName(lang, link);
  useEffect(() => {
    if (!wanted || !restored) return;
    const now = new Date().toISOString();
    const current = { draft, link, updatedAt: readCurrentSavedAt() };
    const kept = keepCurrent(readSessionStore(lang), current, defaultName(), now);
    if (kept.ok && writeSessionStore(kept.store)) startNew();
    else {
      toast.error(t("sessions.full", { max: maxSessions }), { id: "calculation-new" });
      clearParam();
    }
    // once per arrival with ?new: the draft read is the one restored on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, restored]);
}
