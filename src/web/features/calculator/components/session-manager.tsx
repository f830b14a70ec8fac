import { FolderOpen, Plus } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { useSessionManager, type SessionManagerOptions } from "../hooks/use-session-manager";
import { maxSessions } from "../model/sessions";
import { SessionItem } from "./session-item";
import { WorkspaceCalculations } from "./workspace-calculations";

export interface SessionManagerProps extends SessionManagerOptions {
  lang: Language;
  signedIn: boolean;
  /** the current workspace of a signed-in person */
  workspace: { id: string; name: string } | null;
}

/**
 * Spec §2 "session manager": the calculations kept in this browser (the open one is saved
 * automatically), with new, open, rename (Enter saves, Escape cancels) and delete (confirmed).
 * Signed in, the workspace's latest saved calculations too.
 */
export function SessionManager(props: SessionManagerProps & { defaultOpen?: boolean }) {
  const { link, lang, signedIn, workspace } = props;
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const session = useSessionManager(props);
  // rendered by its stand-in's click (dialogs-on-demand.tsx): opened as that click would
  useEffect(() => {
    if (props.defaultOpen) session.onOpenChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  return (
    <Dialog open={session.open} onOpenChange={session.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="open-sessions">
          <FolderOpen aria-hidden="true" />
          {t("sessions.open")}
        </Button>
      </DialogTrigger>
      <DialogContent
        ref={session.contentRef}
        title={t("sessions.title")}
        description={t("sessions.description")}
        closeLabel={tc("actions.close")}
        className="max-w-xl p-5 sm:p-6"
        data-testid="session-manager"
        onEscapeKeyDown={(event) => {
          // Escape first leaves a rename or a delete question, then the dialog
          if (session.renaming) {
            event.preventDefault();
            session.endRename(session.renaming.id);
          } else if (session.confirming) {
            event.preventDefault();
            session.cancelDelete(session.confirming);
          }
        }}
      >
        <section aria-labelledby={session.titleId} className="mt-5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 id={session.titleId} className="font-semibold text-stone-900">
              {t("sessions.deviceTitle")}
            </h3>
            <p className="text-sm text-stone-600" data-testid="session-count">
              {t("sessions.count", { used: session.rows.length, max: maxSessions })}
            </p>
          </div>

          <div className="mt-3">
            <Button
              variant="primary"
              className="w-full sm:w-auto"
              onClick={session.startNew}
              disabled={session.full}
              aria-describedby={`${session.titleId}-new`}
              data-session-new=""
              data-testid="session-new"
            >
              <Plus aria-hidden="true" />
              {t("sessions.new")}
            </Button>
            <p id={`${session.titleId}-new`} className="mt-1 text-sm text-stone-600">
              {session.full ? t("sessions.full", { max: maxSessions }) : t("sessions.newHint")}
            </p>
          </div>

          {session.notice?.kind === "error" ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {session.notice.text}
            </p>
          ) : null}
          <p role="status" className="sr-only">
            {session.notice?.kind === "status" ? session.notice.text : ""}
          </p>

          <ul
            aria-label={t("sessions.listLabel")}
            className="mt-4 divide-y divide-stone-200 border-y border-stone-200"
            data-testid="session-list"
          >
            {session.rows.map((row) => (
              <SessionItem
                key={row.id}
                row={row}
                lang={lang}
                renaming={session.renaming?.id === row.id}
                confirming={session.confirming === row.id}
                onRenameStart={() => session.startRename(row)}
                onRenameSave={(name) => session.saveRename(row.id, name)}
                onRenameCancel={() => session.endRename(row.id)}
                onOpen={() => session.openKept(row.id)}
                onDelete={() => session.askDelete(row.id)}
                onDeleteConfirm={() => session.confirmDelete(row)}
                onDeleteCancel={() => session.cancelDelete(row.id)}
              />
            ))}
          </ul>
        </section>

        {signedIn && workspace ? (
          <WorkspaceCalculations
            workspace={workspace}
            lang={lang}
            openId={link?.id ?? null}
            onOpen={session.openSaved}
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
