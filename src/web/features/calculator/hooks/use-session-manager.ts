import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { localizeHref } from "~/app/language";
import type { Language } from "~/app/route-table";
import type { Draft } from "../model/draft";
import { defaultCalculationName, distinctName, type ServerLink } from "../model/saved";
import {
  deleteSession,
  emptySessionStore,
  ensureCurrent,
  isFull,
  keepCurrent,
  markCompleted,
  maxSessionNameLength,
  maxSessions,
  openSession,
  renameSession,
  type CurrentSession,
  type SessionStore,
} from "../model/sessions";
import { sessionRows, type SessionRow } from "../model/session-rows";
import { readCurrentSavedAt, readSessionStore, writeSessionStore } from "../model/sessions-storage";
import { saveDraft } from "../model/storage";

/** The name a session gets when it is first named: its saved calculation's, or "Zakat <date>". */
export function useDefaultSessionName(lang: Language, link: ServerLink | null): () => string {
  const { t } = useTranslation("calculator");
  return useCallback(
    () =>
      link?.name ??
      distinctName(
        defaultCalculationName(lang, t("save.defaultNamePrefix")),
        readSessionStore(lang).others.map((s) => s.name),
      ),
    [lang, link, t],
  );
}

export interface SessionManagerOptions {
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  /** a save to the workspace is under way (switching waits for it) */
  busy: boolean;
  /** shows a kept session in the calculator (it is already stored as the current one) */
  onOpen: (draft: Draft, link: ServerLink | null) => void;
  /** empties the calculator for a new session (the previous one is already kept) */
  onStartNew: () => void;
}

export type SessionNotice = { kind: "error" | "status"; text: string } | null;

/**
 * The session manager's state and actions (spec §2 "session manager"): the sessions kept in this
 * browser, new, open, rename and delete, and where focus goes after each.
 */
export function useSessionManager(props: SessionManagerOptions) {
  const { draft, link, lang, busy, onOpen, onStartNew } = props;
  const { t } = useTranslation("calculator");
  const navigate = useNavigate();
  const defaultName = useDefaultSessionName(lang, link);
  const [open, setOpen] = useState(false);
  const [store, setStore] = useState<SessionStore>(emptySessionStore);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  /** the session whose rename form shows (its name is the form's, session-item.tsx) */
  const [renaming, setRenaming] = useState<{ id: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<SessionNotice>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  /** what to focus once the next render is on screen (a selector inside the dialog) */
  const focusNext = useRef<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!focusNext.current) return;
    const target = contentRef.current?.querySelector<HTMLElement>(focusNext.current);
    focusNext.current = null;
    target?.focus();
    if (target instanceof HTMLInputElement) target.select();
  });

  // spec §3: a session is complete once it reached the results, even if the person goes back
  const atResults = draft.step === "results";
  useEffect(() => {
    if (!atResults) return;
    const stored = readSessionStore(lang);
    if (stored.current?.completed) return;
    writeSessionStore(markCompleted(stored, defaultName(), new Date().toISOString()));
  }, [atResults, lang, defaultName]);

  const current: CurrentSession = useMemo(
    () => ({ draft, link, updatedAt: savedAt }),
    [draft, link, savedAt],
  );
  const rows = useMemo(
    () => sessionRows(store, current, new Date().toISOString()),
    [store, current],
  );
  const full = isFull(store, current);

  /** the stored sessions, the current one named */
  const refresh = () => {
    const named = ensureCurrent(readSessionStore(lang), defaultName(), new Date().toISOString());
    writeSessionStore(named);
    setStore(named);
    setSavedAt(readCurrentSavedAt());
  };

  const onOpenChange = (next: boolean) => {
    if (next) refresh();
    setRenaming(null);
    setConfirming(null);
    setNotice(null);
    setOpen(next);
  };

  /** Stores `next`; on a refusal says so and changes nothing. */
  const commit = (next: SessionStore): boolean => {
    if (!writeSessionStore(next)) {
      setNotice({ kind: "error", text: t("sessions.storageFailed") });
      return false;
    }
    setStore(next);
    return true;
  };

  const refuseWhileBusy = () => {
    if (!busy) return false;
    setNotice({ kind: "error", text: t("sessions.busy") });
    return true;
  };

  /**
   * Keeps the open calculation among the sessions, starts an empty one and closes the dialog;
   * false (and nothing changed) when the list is full or the browser refused to store it.
   */
  const keepAndStartNew = (): boolean => {
    const result = keepCurrent(store, current, defaultName(), new Date().toISOString());
    if (!result.ok) {
      setNotice({ kind: "error", text: t("sessions.full", { max: maxSessions }) });
      return false;
    }
    if (!commit(result.store)) return false;
    onStartNew();
    setOpen(false);
    return true;
  };

  const startNew = () => {
    if (refuseWhileBusy()) return;
    keepAndStartNew();
  };

  const openKept = (id: string) => {
    if (refuseWhileBusy()) return;
    const result = openSession(store, id, current, defaultName(), new Date().toISOString());
    if (!result) return;
    if (!commit(result.store)) return;
    // both keys agree at once, whatever happens to this page next
    saveDraft(result.opened.draft, result.opened.link);
    onOpen(result.opened.draft, result.opened.link);
    setOpen(false);
  };

  const openSaved = (id: string) => {
    if (link?.id === id) {
      setOpen(false);
      return;
    }
    if (refuseWhileBusy() || !keepAndStartNew()) return;
    void navigate(localizeHref(lang, `/calculator?load=${encodeURIComponent(id)}`));
  };

  const startRename = (row: SessionRow) => {
    setConfirming(null);
    setNotice(null);
    setRenaming({ id: row.id });
    focusNext.current = "[data-session-rename-input]";
  };
  const endRename = (id: string) => {
    setRenaming(null);
    focusNext.current = `[data-session-id="${id}"][data-action="rename"]`;
  };
  /** Renames `id` to `name` (the rename form refused a blank one already). */
  const saveRename = (id: string, name: string) => {
    const result = renameSession(store, id, name);
    if (!result.ok || !commit(result.store)) return;
    const shown = name.trim().slice(0, maxSessionNameLength);
    setNotice({ kind: "status", text: t("sessions.renamed", { name: shown }) });
    endRename(id);
  };

  const askDelete = (id: string) => {
    setRenaming(null);
    setNotice(null);
    setConfirming(id);
    focusNext.current = `[data-session-id="${id}"][data-action="delete-no"]`;
  };
  const cancelDelete = (id: string) => {
    setConfirming(null);
    focusNext.current = `[data-session-id="${id}"][data-action="delete"]`;
  };
  const confirmDelete = (row: SessionRow) => {
    setConfirming(null);
    if (row.current) {
      if (refuseWhileBusy()) return;
      // the calculator starts over (which forgets the current session's name), then the new
      // empty session is named
      onStartNew();
      const fresh = ensureCurrent(
        deleteSession(readSessionStore(lang), row.id),
        distinctName(
          defaultCalculationName(lang, t("save.defaultNamePrefix")),
          readSessionStore(lang).others.map((s) => s.name),
        ),
        new Date().toISOString(),
      );
      if (!commit(fresh)) return;
      setSavedAt(null);
    } else if (!commit(deleteSession(store, row.id))) {
      return;
    }
    setNotice({ kind: "status", text: t("sessions.deleted", { name: row.name }) });
    focusNext.current = "[data-session-new]";
  };

  return {
    open,
    onOpenChange,
    rows,
    full,
    notice,
    renaming,
    confirming,
    contentRef,
    titleId,
    startNew,
    openKept,
    openSaved,
    startRename,
    endRename,
    saveRename,
    askDelete,
    cancelDelete,
    confirmDelete,
  };
}
