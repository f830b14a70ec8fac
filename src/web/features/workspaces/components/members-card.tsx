import { useMutation, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { Member, WorkspaceRole } from "#contracts/workspaces.ts";
import { formatDayOf } from "~/lib/format";
import { useLanguage } from "~/app/language";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ErrorAlert } from "~/components/ui/alerts";
import { Spinner } from "~/components/ui/page-spinner";
import { useSession } from "~/lib/use-session";
import { membersQueryKey, removeMember, updateMemberRole } from "../api/workspaces-api";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import { useWorkspaces, type Workspace } from "~/lib/use-workspaces";
import { ConfirmButton } from "~/components/ui/confirm-button";

export const memberName = (m: Member) => m.fullName?.trim() || m.email;

/**
 * Spec §2 "Workspace settings" members list: name, e-mail, role and joining date of everyone.
 * Owners remove members (never an owner; confirmRemoveMember) and make members owners; an
 * owner steps down only themselves and never as the last owner (spec §6, decision 009).
 */
export function MembersCard({
  workspace,
  members,
}: {
  workspace: Workspace;
  members: UseQueryResult<Member[]>;
}) {
  const { t } = useTranslation("workspaces");
  const lang = useLanguage();
  const { user } = useSession();
  const isOwner = workspace.role === "owner";
  const list = members.data ?? [];
  const ownerCount = list.filter((m) => m.role === "owner").length;
  const formatDate = (iso: string) =>
    Number.isNaN(new Date(iso).getTime()) ? "—" : formatDayOf(iso, lang);

  return (
    <Card>
      <section aria-labelledby="workspace-members">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle as="h2" id="workspace-members" tabIndex={-1}>
            {t("settings.membersTitle")}
          </CardTitle>
          {members.isSuccess && (
            <p className="text-sm text-stone-500">
              {t("settings.membersCount", { count: list.length })}
            </p>
          )}
        </div>
        {members.isPending && (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" />
            {t("settings.membersLoading")}
          </p>
        )}
        {members.isError && (
          <div className="mt-4 space-y-3">
            <ErrorAlert testId="members-error">{t("settings.membersFailed")}</ErrorAlert>
            <Button variant="secondary" size="sm" onClick={() => void members.refetch()}>
              {t("settings.retry")}
            </Button>
          </div>
        )}
        {members.isSuccess && (
          <ul className="mt-2 divide-y divide-stone-200" data-testid="members-list">
            {list.map((member) => (
              <MemberRow
                key={member.id}
                workspace={workspace}
                member={member}
                isMe={member.userId === user?.id}
                canManage={isOwner}
                canStepDown={ownerCount > 1}
                joined={formatDate(member.joinedAt)}
                focusList={() => document.getElementById("workspace-members")}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function MemberRow({
  workspace,
  member,
  isMe,
  canManage,
  canStepDown,
  joined,
  focusList,
}: {
  workspace: Workspace;
  member: Member;
  isMe: boolean;
  canManage: boolean;
  canStepDown: boolean;
  joined: string;
  focusList: () => HTMLElement | null;
}) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const queryClient = useQueryClient();
  const { refresh } = useWorkspaces();
  const name = memberName(member);
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: membersQueryKey(workspace.id) });

  const remove = useMutation({
    mutationFn: () => removeMember(workspace.id, member.id),
    onSuccess: async () => {
      await invalidate();
      toast.success(t("settings.memberRemoved"));
    },
    onError: (caught) => toast.error(describeError(caught, t("settings.removeFailed"))),
  });

  const changeRole = useMutation({
    mutationFn: (role: WorkspaceRole) => updateMemberRole(workspace.id, member.id, role),
    onSuccess: async () => {
      await invalidate();
      // stepping down changes what this page shows: the role comes with the workspace list
      if (isMe) await refresh();
      toast.success(t("settings.roleUpdated"));
    },
    onError: (caught) => toast.error(describeError(caught, t("settings.roleFailed"))),
  });

  const common = { cancelLabel: t("settings.cancel"), fallbackFocus: focusList };
  const showName = name !== member.email;

  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="member-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-stone-900" data-testid="member-name">
          {name}
          {isMe && <span className="ms-1.5 font-normal text-stone-500">{t("settings.you")}</span>}
        </p>
        <dl className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
          {showName && (
            <div className="min-w-0">
              <dt className="sr-only">{t("settings.email")}</dt>
              <dd className="break-all" data-testid="member-email">
                {member.email}
              </dd>
            </div>
          )}
          <div>
            <dt className="sr-only">{t("settings.role")}</dt>
            <dd>
              <Badge tone={member.role === "owner" ? "gold" : "neutral"} data-testid="member-role">
                {t(`roles.${member.role}`)}
              </Badge>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("settings.joined")}</dt>
            <dd>{joined}</dd>
          </div>
        </dl>
      </div>
      {canManage && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {member.role === "member" && (
            <ConfirmButton
              {...common}
              testId="make-owner-dialog"
              trigger={
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t("settings.makeOwnerNamed", { name })}
                  disabled={changeRole.isPending || remove.isPending}
                >
                  {t("settings.makeOwner")}
                </Button>
              }
              title={t("settings.makeOwnerTitle", { name })}
              description={t("settings.makeOwnerConfirm")}
              confirmLabel={t("settings.makeOwner")}
              pendingLabel={t("settings.updatingRole")}
              onConfirm={() => changeRole.mutateAsync("owner")}
            />
          )}
          {member.role === "owner" && isMe && canStepDown && (
            <ConfirmButton
              {...common}
              testId="step-down-dialog"
              trigger={
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t("settings.stepDownNamed")}
                  disabled={changeRole.isPending}
                >
                  {t("settings.stepDown")}
                </Button>
              }
              title={t("settings.stepDownTitle")}
              description={t("settings.stepDownConfirm")}
              confirmLabel={t("settings.stepDown")}
              pendingLabel={t("settings.updatingRole")}
              onConfirm={() => changeRole.mutateAsync("member")}
            />
          )}
          {member.role === "member" && !isMe && (
            <ConfirmButton
              {...common}
              destructive
              testId="remove-member-dialog"
              trigger={
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t("settings.removeNamed", { name })}
                  disabled={changeRole.isPending || remove.isPending}
                  data-testid="remove-member"
                >
                  {t("settings.remove")}
                </Button>
              }
              title={t("settings.removeTitle", { name })}
              description={t("settings.confirmRemoveMember")}
              confirmLabel={t("settings.remove")}
              pendingLabel={t("settings.removing")}
              onConfirm={() => remove.mutateAsync()}
            />
          )}
        </div>
      )}
    </li>
  );
}
