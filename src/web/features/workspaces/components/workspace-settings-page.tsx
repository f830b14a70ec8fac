import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { ErrorAlert } from "~/components/ui/alerts";
import { PageSpinner } from "~/components/ui/page-spinner";
import { fetchMembers, membersQueryKey } from "../api/workspaces-api";
import { useWorkspaces, type Workspace } from "~/lib/use-workspaces";
import { CalendarFeedsCard } from "~/features/calendar-feeds";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import { InviteCard } from "./invite-card";
import { DangerZoneCard, LeaveCard } from "./leave-and-delete";
import { MembersCard } from "./members-card";
import { PendingInvitationsCard } from "./pending-invitations-card";
import { WorkspaceNameCard } from "./workspace-name-card";

/**
 * Spec §2 "Workspace settings" for the current workspace: name (owners edit), role, members,
 * invite form, calendar feeds (issue 15), pending invitations and danger zone (owners only),
 * leaving; the no-workspace
 * message without a current workspace.
 */
export function WorkspaceSettingsPage() {
  const { t } = useTranslation("workspaces");
  const { status, current, refresh } = useWorkspaces();

  return (
    <Container size="narrow" className="py-8 sm:py-12" data-testid="workspace-settings-page">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {t("settings.title")}
      </h1>
      <p className="mt-1 text-stone-600">{t("settings.subtitle")}</p>
      <div className="mt-8">
        {(status === "loading" || status === "idle") && (
          <PageSpinner label={t("settings.loading")} />
        )}
        {status === "error" && (
          <div className="space-y-4">
            <ErrorAlert testId="workspace-settings-error">{t("loadFailed")}</ErrorAlert>
            <Button variant="secondary" onClick={() => void refresh()}>
              {t("settings.retry")}
            </Button>
          </div>
        )}
        {status === "ready" && !current && <NoWorkspace />}
        {status === "ready" && current && <Settings key={current.id} workspace={current} />}
      </div>
    </Container>
  );
}

function Settings({ workspace }: { workspace: Workspace }) {
  const isOwner = workspace.role === "owner";
  const members = useQuery({
    queryKey: membersQueryKey(workspace.id),
    queryFn: () => fetchMembers(workspace.id),
  });
  const owners = members.data?.filter((m) => m.role === "owner").length;
  const lastOwner = isOwner && owners === 1;

  return (
    <div className="space-y-6">
      <WorkspaceNameCard workspace={workspace} />
      {isOwner && <InviteCard workspace={workspace} />}
      <MembersCard workspace={workspace} members={members} />
      <CalendarFeedsCard workspaceId={workspace.id} />
      {isOwner && <PendingInvitationsCard workspace={workspace} />}
      <LeaveCard workspace={workspace} lastOwner={lastOwner} />
      {isOwner && <DangerZoneCard workspace={workspace} />}
    </div>
  );
}

function NoWorkspace() {
  const { t } = useTranslation("workspaces");
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="no-workspace">
      <CardTitle as="h2">{t("settings.noWorkspaceTitle")}</CardTitle>
      <CardDescription className="mt-2">{t("settings.noWorkspace")}</CardDescription>
      <Button className="mt-4" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t("createTitle")}
      </Button>
      <CreateWorkspaceDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
