import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { Invitation } from "#contracts/workspaces.ts";
import { formatDayOf } from "~/lib/format";
import { useLanguage } from "~/app/language";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ErrorAlert } from "~/components/ui/alerts";
import { Spinner } from "~/components/ui/page-spinner";
import { cancelInvitation, fetchInvitations, invitationsQueryKey } from "../api/workspaces-api";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import type { Workspace } from "~/lib/use-workspaces";

/** Spec §2 pending invitations (owners): e-mail, role, expiry, cancel. */
export function PendingInvitationsCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const lang = useLanguage();
  const invitations = useQuery({
    queryKey: invitationsQueryKey(workspace.id),
    queryFn: () => fetchInvitations(workspace.id),
  });
  const list = invitations.data ?? [];

  return (
    <Card>
      <section aria-labelledby="workspace-invitations">
        <CardTitle as="h2" id="workspace-invitations" tabIndex={-1}>
          {t("settings.pendingTitle")}
        </CardTitle>
        {invitations.isPending && (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" />
            {t("settings.pendingLoading")}
          </p>
        )}
        {invitations.isError && (
          <div className="mt-4 space-y-3">
            <ErrorAlert testId="invitations-error">{t("settings.pendingFailed")}</ErrorAlert>
            <Button variant="secondary" size="sm" onClick={() => void invitations.refetch()}>
              {t("settings.retry")}
            </Button>
          </div>
        )}
        {invitations.isSuccess && list.length === 0 && (
          <p className="mt-3 text-sm text-stone-600" data-testid="invitations-empty">
            {t("settings.pendingEmpty")}
          </p>
        )}
        {list.length > 0 && (
          <ul className="mt-2 divide-y divide-stone-200" data-testid="invitations-list">
            {list.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                workspace={workspace}
                invitation={invitation}
                expires={formatDayOf(invitation.expiresAt, lang)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function InvitationRow({
  workspace,
  invitation,
  expires,
}: {
  workspace: Workspace;
  invitation: Invitation;
  expires: string;
}) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelInvitation(workspace.id, invitation.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspace.id) });
      toast.success(t("settings.invitationCancelled"));
      // the row and its button are gone: keep the keyboard in this list
      document.getElementById("workspace-invitations")?.focus();
    },
    onError: (caught) => toast.error(describeError(caught, t("settings.cancelFailed"))),
  });

  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="invitation-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-all text-stone-900" data-testid="invitation-email">
          {invitation.email}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <Badge tone={invitation.role === "owner" ? "gold" : "neutral"}>
            {t(`roles.${invitation.role}`)}
          </Badge>
          <span>{t("settings.expires", { date: expires })}</span>
        </p>
      </div>
      <Button
        variant="danger"
        size="sm"
        className="self-start sm:self-center"
        aria-label={t("settings.cancelInvitationNamed", { email: invitation.email })}
        disabled={cancel.isPending}
        aria-busy={cancel.isPending || undefined}
        onClick={() => cancel.mutate()}
        data-testid="cancel-invitation"
      >
        {cancel.isPending ? t("settings.cancelling") : t("settings.cancelInvitation")}
      </Button>
    </li>
  );
}
