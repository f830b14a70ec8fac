import { useMutation } from "@tanstack/react-query";
import { LogOut, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { deleteWorkspace, leaveWorkspace } from "../api/workspaces-api";
import { useWorkspaceDeparture } from "../hooks/use-workspace-departure";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import type { Workspace } from "~/lib/use-workspaces";
import { ConfirmButton } from "~/components/ui/confirm-button";

/**
 * Leaving (every member; the last owner cannot: decision 009). `lastOwner` is known once the
 * members are loaded; until then the server's 409 LAST_OWNER answers.
 */
export function LeaveCard({ workspace, lastOwner }: { workspace: Workspace; lastOwner: boolean }) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const depart = useWorkspaceDeparture();
  const noteId = useId();
  const leave = useMutation({
    mutationFn: () => leaveWorkspace(workspace.id),
    onSuccess: async () => {
      toast.success(t("settings.left"));
      await depart(workspace.id);
    },
    onError: (caught) => toast.error(describeError(caught, t("settings.leaveFailed"))),
  });

  return (
    <Card>
      <section aria-labelledby="workspace-leave">
        <CardTitle as="h2" id="workspace-leave">
          {t("settings.leaveTitle")}
        </CardTitle>
        <CardDescription className="mt-1">{t("settings.leaveDescription")}</CardDescription>
        {lastOwner && (
          <p id={noteId} className="mt-3 text-sm text-stone-700" data-testid="last-owner-note">
            {t("settings.lastOwner")}
          </p>
        )}
        <div className="mt-4">
          <ConfirmButton
            testId="leave-dialog"
            destructive
            trigger={
              <Button
                variant="secondary"
                disabled={lastOwner}
                aria-describedby={lastOwner ? noteId : undefined}
                data-testid="leave-workspace"
              >
                <LogOut aria-hidden="true" />
                {t("settings.leave")}
              </Button>
            }
            title={t("settings.leaveConfirmTitle", { name: workspace.name })}
            description={t("settings.leaveConfirm")}
            cancelLabel={t("settings.cancel")}
            confirmLabel={t("settings.leave")}
            pendingLabel={t("settings.leaving")}
            onConfirm={() => leave.mutateAsync()}
          />
        </div>
      </section>
    </Card>
  );
}

/**
 * The danger zone (owners): delete, enabled only when the typed text equals the name exactly
 * (spec §4), then /dashboard with the first remaining workspace or none.
 */
export function DangerZoneCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const depart = useWorkspaceDeparture();
  const [typed, setTyped] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const remove = useMutation({
    mutationFn: () => deleteWorkspace(workspace.id),
    onSuccess: async () => {
      toast.success(t("settings.deleted"));
      await depart(workspace.id);
    },
    onError: (caught) => toast.error(describeError(caught, t("settings.deleteFailed"))),
  });

  return (
    <Card className="border-red-200">
      <section aria-labelledby="workspace-danger">
        <CardTitle as="h2" id="workspace-danger" className="text-red-800">
          {t("settings.dangerTitle")}
        </CardTitle>
        <CardDescription className="mt-1">{t("settings.deleteDescription")}</CardDescription>
        <div className="mt-4">
          <ConfirmButton
            testId="delete-workspace-dialog"
            destructive
            initialFocus={input}
            onOpenChange={(open) => {
              if (!open) setTyped("");
            }}
            confirmDisabled={typed !== workspace.name}
            trigger={
              <Button
                className="bg-red-700 hover:bg-red-800 active:bg-red-900"
                data-testid="delete-workspace"
              >
                <Trash2 aria-hidden="true" />
                {t("settings.delete")}
              </Button>
            }
            title={t("settings.deleteTitle", { name: workspace.name })}
            description={t("settings.deleteConfirm")}
            cancelLabel={t("settings.cancel")}
            confirmLabel={t("settings.delete")}
            pendingLabel={t("settings.deleting")}
            onConfirm={() => remove.mutateAsync()}
          >
            <div className="mt-4 space-y-1.5">
              <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
                {t("settings.deleteTypeLabel", { name: workspace.name })}
              </label>
              <input
                ref={input}
                id={inputId}
                data-testid="delete-workspace-confirm-name"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className="block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
            </div>
          </ConfirmButton>
        </div>
      </section>
    </Card>
  );
}
