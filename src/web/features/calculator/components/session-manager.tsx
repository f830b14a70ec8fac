import { FolderOpen, Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CalculationSummary } from "../../../../contracts/calculations";
import { localizeHref } from "~/app/language";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { useLatestCalculations } from "~/features/history/api/use-calculations";
import { formatDay, formatMoney } from "~/lib/format";
import type { Draft } from "../model/draft";
import { formatDate } from "../model/format";
import { defaultCalculationName, type ServerLink } from "../model/saved";
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
  readCurrentSavedAt,
  readSessionStore,
  renameSession,
  sessionRows,
  writeSessionStore,
  type CurrentSession,
  type SessionRow,
  type SessionStore,
} from "../model/sessions";
import { saveDraft } from "../model/storage";

/** How many of the workspace's calculations the manager shows (the rest: history). */
const latestSaved = 5;

/** The name a session gets when it is first named: its saved calculation's, or "Zakat <date>". */
export function useDefaultSessionName(lang: Language, link: ServerLink | null): () => string {
  const { t } = useTranslation("calculator");
  return useCallback(
    () => link?.name ?? defaultCalculationName(lang, t("save.defaultNamePrefix")),
    [lang, link, t],
  );
}

export interface SessionManagerProps {
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  signedIn: boolean;
  /** the current workspace of a signed-in person */
  workspace: { id: string; name: string } | null;
  /** a save to the workspace is under way (switching waits for it) */
  busy: boolean;
  /** shows a kept session in the calculator (it is already stored as the current one) */
  onOpen: (draft: Draft, link: ServerLink | null) => void;
  /** empties the calculator for a new session (the previous one is already kept) */
  onStartNew: () => void;
}

type Notice = { kind: "error" | "status"; text: string } | null;

/**
 * Spec §2 "session manager": the calculations kept in this browser (the open one is saved
 * automatically), with new, open, rename (Enter saves, Escape cancels) and delete (confirmed).
 * Signed in, the workspace's latest saved calculations too.
 */
export function SessionManager(props: SessionManagerProps) {
  const { draft, link, lang, signedIn, workspace, busy, onOpen, onStartNew } = props;
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const defaultName = useDefaultSessionName(lang, link);
  const [open, setOpen] = useState(false);
  const [store, setStore] = useState<SessionStore>(emptySessionStore);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; value: string; empty: boolean } | null>(
    null,
  );
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
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

  const startNew = () => {
    if (refuseWhileBusy()) return;
    const result = keepCurrent(store, current, defaultName(), new Date().toISOString());
    if (!result.ok) {
      setNotice({ kind: "error", text: t("sessions.full", { max: maxSessions }) });
      return;
    }
    if (!commit(result.store)) return;
    onStartNew();
    setOpen(false);
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
    if (refuseWhileBusy()) return;
    const result = keepCurrent(store, current, defaultName(), new Date().toISOString());
    if (!result.ok) {
      setNotice({ kind: "error", text: t("sessions.full", { max: maxSessions }) });
      return;
    }
    if (!commit(result.store)) return;
    onStartNew();
    setOpen(false);
    void navigate(localizeHref(lang, `/calculator?load=${encodeURIComponent(id)}`));
  };

  const startRename = (row: SessionRow) => {
    setConfirming(null);
    setNotice(null);
    setRenaming({ id: row.id, value: row.name, empty: false });
    focusNext.current = "[data-session-rename-input]";
  };
  const endRename = (id: string) => {
    setRenaming(null);
    focusNext.current = `[data-session-id="${id}"][data-action="rename"]`;
  };
  const saveRename = (event: React.FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    const result = renameSession(store, renaming.id, renaming.value);
    if (!result.ok) {
      setRenaming({ ...renaming, empty: true });
      focusNext.current = "[data-session-rename-input]";
      return;
    }
    if (!commit(result.store)) return;
    const name = renaming.value.trim().slice(0, maxSessionNameLength);
    setNotice({ kind: "status", text: t("sessions.renamed", { name }) });
    endRename(renaming.id);
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
        defaultCalculationName(lang, t("save.defaultNamePrefix")),
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

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="open-sessions">
          <FolderOpen aria-hidden="true" />
          {t("sessions.open")}
        </Button>
      </DialogTrigger>
      <DialogContent
        ref={contentRef}
        title={t("sessions.title")}
        description={t("sessions.description")}
        closeLabel={tc("actions.close")}
        className="max-w-xl p-5 sm:p-6"
        data-testid="session-manager"
        onEscapeKeyDown={(event) => {
          // Escape first leaves a rename or a delete question, then the dialog
          if (renaming) {
            event.preventDefault();
            endRename(renaming.id);
          } else if (confirming) {
            event.preventDefault();
            cancelDelete(confirming);
          }
        }}
      >
        <section aria-labelledby={titleId} className="mt-5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 id={titleId} className="font-semibold text-stone-900">
              {t("sessions.deviceTitle")}
            </h3>
            <p className="text-sm text-stone-600" data-testid="session-count">
              {t("sessions.count", { used: rows.length, max: maxSessions })}
            </p>
          </div>

          <div className="mt-3">
            <Button
              variant="primary"
              className="w-full sm:w-auto"
              onClick={startNew}
              disabled={full}
              aria-describedby={`${titleId}-new`}
              data-session-new=""
              data-testid="session-new"
            >
              <Plus aria-hidden="true" />
              {t("sessions.new")}
            </Button>
            <p id={`${titleId}-new`} className="mt-1 text-sm text-stone-600">
              {full ? t("sessions.full", { max: maxSessions }) : t("sessions.newHint")}
            </p>
          </div>

          {notice?.kind === "error" ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {notice.text}
            </p>
          ) : null}
          <p role="status" className="sr-only">
            {notice?.kind === "status" ? notice.text : ""}
          </p>

          <ul
            aria-label={t("sessions.listLabel")}
            className="mt-4 divide-y divide-stone-200 border-y border-stone-200"
            data-testid="session-list"
          >
            {rows.map((row) => (
              <SessionItem
                key={row.id}
                row={row}
                lang={lang}
                renaming={renaming?.id === row.id ? renaming : null}
                confirming={confirming === row.id}
                onRenameChange={(value) =>
                  setRenaming((r) => (r ? { ...r, value, empty: false } : r))
                }
                onRenameStart={() => startRename(row)}
                onRenameSave={saveRename}
                onRenameCancel={() => endRename(row.id)}
                onOpen={() => openKept(row.id)}
                onDelete={() => askDelete(row.id)}
                onDeleteConfirm={() => confirmDelete(row)}
                onDeleteCancel={() => cancelDelete(row.id)}
              />
            ))}
          </ul>
        </section>

        {signedIn && workspace ? (
          <WorkspaceCalculations
            workspace={workspace}
            lang={lang}
            openId={link?.id ?? null}
            onOpen={openSaved}
          />
        ) : null}

        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary" className="w-full sm:w-auto">
              {t("sessions.done")}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SessionItem({
  row,
  lang,
  renaming,
  confirming,
  onRenameChange,
  onRenameStart,
  onRenameSave,
  onRenameCancel,
  onOpen,
  onDelete,
  onDeleteConfirm,
  onDeleteCancel,
}: {
  row: SessionRow;
  lang: Language;
  renaming: { value: string; empty: boolean } | null;
  confirming: boolean;
  onRenameChange: (value: string) => void;
  onRenameStart: () => void;
  onRenameSave: (event: React.FormEvent) => void;
  onRenameCancel: () => void;
  onOpen: () => void;
  onDelete: () => void;
  onDeleteConfirm: () => void;
  onDeleteCancel: () => void;
}) {
  const { t } = useTranslation("calculator");
  const id = useId();
  const key = { "data-session-id": row.id };

  return (
    <li
      className={cn("py-3", row.current && "bg-brand-50/60 -mx-2 rounded-lg px-2")}
      aria-current={row.current ? "true" : undefined}
      data-testid="session-item"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          {renaming ? (
            <form onSubmit={onRenameSave} noValidate className="flex flex-col gap-2 sm:flex-row">
              <input
                value={renaming.value}
                maxLength={maxSessionNameLength}
                onChange={(event) => onRenameChange(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Escape") {
                    event.preventDefault();
                    onRenameCancel();
                  }
                }}
                aria-label={t("sessions.nameLabel", { name: row.name })}
                aria-invalid={renaming.empty || undefined}
                aria-describedby={renaming.empty ? `${id}-empty` : undefined}
                className="block h-10 w-full min-w-0 rounded-lg border border-stone-300 px-3 text-base text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                data-session-rename-input=""
                data-testid="session-rename-input"
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" className="h-10">
                  {t("sessions.renameSave")}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="h-10"
                  onClick={onRenameCancel}
                >
                  {t("sessions.renameCancel")}
                </Button>
              </div>
              {renaming.empty ? (
                <p id={`${id}-empty`} className="text-sm font-medium text-red-700 sm:sr-only">
                  {t("sessions.nameRequired")}
                </p>
              ) : null}
            </form>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold break-words text-stone-900" data-testid="session-name">
                {row.name}
              </p>
              {row.current ? <Badge tone="brand">{t("sessions.current")}</Badge> : null}
              <Badge tone={row.complete ? "success" : "neutral"} data-testid="session-status">
                {row.complete ? t("sessions.complete") : t("sessions.inProgress")}
              </Badge>
            </div>
          )}
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
            <span data-testid="session-updated">
              {t("sessions.updated", { date: formatDate(row.updatedAt, lang) })}
            </span>
            {row.zakatDue ? (
              <span className="font-medium text-stone-900" data-testid="session-zakat">
                {t("sessions.zakatDue", {
                  amount: formatMoney(row.zakatDue.amount, row.zakatDue.currency, lang),
                })}
              </span>
            ) : null}
            {row.savedTo ? <span>{t("sessions.savedToAccount")}</span> : null}
          </p>
        </div>

        {!renaming && !confirming ? (
          <div className="flex shrink-0 flex-wrap items-center gap-1">
            {row.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                onClick={onOpen}
                aria-label={t("sessions.openNamed", { name: row.name })}
                {...key}
                data-action="open"
                data-testid="session-open"
              >
                {t("sessions.openAction")}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={onRenameStart}
              aria-label={t("sessions.renameNamed", { name: row.name })}
              {...key}
              data-action="rename"
              data-testid="session-rename"
            >
              <Pencil aria-hidden="true" />
              {t("sessions.rename")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={onDelete}
              aria-label={t("sessions.deleteNamed", { name: row.name })}
              {...key}
              data-action="delete"
              data-testid="session-delete"
            >
              <Trash2 aria-hidden="true" />
              {t("sessions.delete")}
            </Button>
          </div>
        ) : null}
      </div>

      {confirming ? (
        <div
          role="group"
          aria-labelledby={`${id}-confirm`}
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3"
          data-testid="session-delete-confirm"
        >
          <p id={`${id}-confirm`} className="text-sm text-red-900">
            {row.current
              ? t("sessions.deleteCurrentConfirm", { name: row.name })
              : t("sessions.deleteConfirm", { name: row.name })}
          </p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              size="sm"
              variant="secondary"
              onClick={onDeleteCancel}
              {...key}
              data-action="delete-no"
            >
              {t("sessions.deleteNo")}
            </Button>
            <Button
              size="sm"
              className="bg-red-700 hover:bg-red-800 active:bg-red-900"
              onClick={onDeleteConfirm}
              data-testid="session-delete-yes"
            >
              {t("sessions.deleteYes")}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** "Saved in <workspace>": its latest calculations, each opened with ?load={id}. */
function WorkspaceCalculations({
  workspace,
  lang,
  openId,
  onOpen,
}: {
  workspace: { id: string; name: string };
  lang: Language;
  /** the saved calculation open in the calculator now */
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation("calculator");
  const headingId = useId();
  const query = useLatestCalculations(workspace.id, latestSaved);

  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="session-workspace">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold break-words text-stone-900">
          {t("sessions.workspaceTitle", { workspace: workspace.name })}
        </h3>
        <LocalizedLink
          to="/calculator-history"
          className={buttonClasses({ variant: "link", className: "text-sm" })}
        >
          {t("sessions.history")}
        </LocalizedLink>
      </div>
      {query.isPending ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-stone-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("sessions.workspaceLoading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>{t("sessions.workspaceError")}</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => void query.refetch()}
            data-testid="session-workspace-retry"
          >
            {t("sessions.retry")}
          </Button>
        </div>
      ) : query.data.calculations.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t("sessions.workspaceEmpty")}</p>
      ) : (
        <ul
          aria-label={t("sessions.workspaceListLabel", { workspace: workspace.name })}
          className="mt-3 divide-y divide-stone-200 border-y border-stone-200"
        >
          {query.data.calculations.map((calculation) => (
            <SavedItem
              key={calculation.id}
              calculation={calculation}
              lang={lang}
              isOpen={calculation.id === openId}
              onOpen={() => onOpen(calculation.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedItem({
  calculation,
  lang,
  isOpen,
  onOpen,
}: {
  calculation: CalculationSummary;
  lang: Language;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation("calculator");
  const { name, isCompleted, calculationDate, zakatDue, currency } = calculation;
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-saved-item"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-stone-900">{name}</p>
          {isOpen ? <Badge tone="brand">{t("sessions.current")}</Badge> : null}
          <Badge tone={isCompleted ? "success" : "neutral"}>
            {isCompleted ? t("sessions.complete") : t("sessions.inProgress")}
          </Badge>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-600">
          <time dateTime={calculationDate}>{formatDay(calculationDate, lang)}</time>
          {isCompleted ? (
            <span className="font-medium text-stone-900">
              {t("sessions.zakatDue", { amount: formatMoney(zakatDue, currency, lang) })}
            </span>
          ) : null}
        </p>
      </div>
      {isOpen ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={onOpen}
          aria-label={t("sessions.openNamed", { name })}
          data-testid="session-saved-open"
        >
          {t("sessions.openAction")}
        </Button>
      )}
    </li>
  );
}
