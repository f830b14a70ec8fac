import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { ReceivedInvitation } from "#contracts/workspaces.ts";
import { formatDayOf } from "~/lib/format";
import { useLanguage } from "~/app/language";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ErrorAlert } from "~/components/ui/alerts";
import {
  acceptReceivedInvitation,
  declineReceivedInvitation,
  fetchReceivedInvitations,
  receivedInvitationsQueryKey,
} from "../api/workspaces-api";
import { useWorkspaceErrorLater } from "../hooks/use-workspace-error";
import { useWorkspaces } from "~/lib/use-workspaces";

const headingId = "received-invitations";

/**
 * The dashboard's "Pending invitations" (issue 10): the invitations sent to the signed-in
 * person's e-mail, each with its workspace, inviter, role and expiry, to accept or decline.
 * Nothing is shown while loading or when there are none (most dashboards); a failed load says
 * so with a retry. An accepted workspace appears in the switcher at once.
 */
export function ReceivedInvitationsCard() {
  const { t } = useTranslation("workspaces");
  const lang = useLanguage();
  const invitations = useQuery({
    queryKey: receivedInvitationsQueryKey,
    queryFn: fetchReceivedInvitations,
    retry: false,
  });

  if (invitations.isError) {
    return (
      <Card className="md:col-span-2" data-testid="received-invitations">
        <ErrorAlert testId="received-invitations-error">{t("received.loadFailed")}</ErrorAlert>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void invitations.refetch()}
        >
          {t("settings.retry")}
        </Button>
      </Card>
    );
  }
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  return (
    <Card className="md:col-span-2" data-testid="received-invitations">
      <section aria-labelledby={headingId}>
        <CardTitle as="h2" id={headingId} tabIndex={-1}>
          {t("received.title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("received.description")}</CardDescription>
        <ul className="mt-2 divide-y divide-stone-200">
          {list.map((invitation) => (
            <ReceivedInvitationRow
              key={invitation.id}
              invitation={invitation}
              expires={formatDayOf(invitation.expiresAt, lang)}
            />
          ))}
        </ul>
      </section>
    </Card>
  );
}

function ReceivedInvitationRow({
  invitation,
  expires,
}: {
  invitation: ReceivedInvitation;
  expires: string;
}) {
  const { t } = useTranslation("workspaces");
  // the errors catalog loads with an error, not with the dashboard (decision 035)
  const describeError = useWorkspaceErrorLater();
  const queryClient = useQueryClient();
  const { refresh } = useWorkspaces();
  const name = invitation.workspaceName;

  /**
   * The row and its buttons go: keep the keyboard on the card, or on the page's heading when
   * the card goes too (once React has drawn the new list).
   */
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: receivedInvitationsQueryKey });
    const left = queryClient.getQueryData<ReceivedInvitation[]>(receivedInvitationsQueryKey);
    requestAnimationFrame(() => {
      const target = left?.length
        ? document.getElementById(headingId)
        : document.querySelector<HTMLElement>("main h1");
      if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target?.focus();
    });
  };

  const accept = useMutation({
    mutationFn: () => acceptReceivedInvitation(invitation.id),
    onSuccess: async () => {
      await refresh();
      toast.success(t("received.accepted", { name }));
      await settle();
    },
    onError: async (caught) => {
      toast.error(await describeError(caught, t("received.acceptFailed")));
      await settle();
    },
  });
  const decline = useMutation({
    mutationFn: () => declineReceivedInvitation(invitation.id),
    onSuccess: async () => {
      toast.success(t("received.declined", { name }));
      await settle();
    },
    onError: async (caught) => {
      toast.error(await describeError(caught, t("received.declineFailed")));
      await settle();
    },
  });
  const busy = accept.isPending || decline.isPending;
  const inviter = invitation.inviter?.name || invitation.inviter?.email;

  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="received-invitation"
      aria-busy={busy || undefined}
    >
      <div className="min-w-0">
        <p
          className="font-medium break-words text-stone-900"
          data-testid="received-invitation-name"
        >
          {name}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <Badge tone={invitation.role === "owner" ? "gold" : "neutral"}>
            {t(`roles.${invitation.role}`)}
          </Badge>
          <span className="break-all">{inviter && t("received.invitedBy", { inviter })}</span>
          <span>{t("received.expires", { date: expires })}</span>
        </p>
      </div>
      <div className="flex gap-2 self-start sm:self-center">
        <Button
          size="sm"
          aria-label={t("received.acceptNamed", { name })}
          disabled={busy}
          onClick={() => accept.mutate()}
          data-testid="accept-received-invitation"
        >
          {accept.isPending ? t("received.accepting") : t("received.accept")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t("received.declineNamed", { name })}
          disabled={busy}
          onClick={() => decline.mutate()}
          data-testid="decline-received-invitation"
        >
          {decline.isPending ? t("received.declining") : t("received.decline")}
        </Button>
      </div>
    </li>
  );
}
