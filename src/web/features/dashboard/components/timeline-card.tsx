import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { sortMilestones, type Milestone } from "../../../../domain/hawl/index";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useTrackerMutations, useZakatData } from "~/features/tracker/api/use-tracker";
import { AddMilestoneDialog } from "~/features/tracker/components/add-milestone-dialog";
import { MilestoneTimeline } from "~/features/tracker/components/milestone-timeline";
import { useMilestoneAdder } from "~/features/tracker/hooks/use-milestone-adder";
import { useWorkspaces } from "~/features/workspaces/hooks/use-workspaces";
import { CardLoadError } from "./card-load-error";

/** Spec §9: the dashboard's timeline shows the last 2 milestones. */
export const dashboardTimelineCount = 2;

/**
 * Spec "Dashboard": the zakat timeline card. The last 2 milestones by date, add and remove,
 * and a see-more link to /calendar.
 */
export function TimelineCard() {
  const { t } = useTranslation("dashboard");
  const { status, current } = useWorkspaces();

  return (
    <Card data-testid="timeline-card">
      <section aria-labelledby="dash-timeline">
        <CardTitle as="h2" id="dash-timeline" className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
          {t("timelineTitle")}
        </CardTitle>
        {current ? (
          <TimelineBody key={current.id} workspaceId={current.id} />
        ) : (
          <p
            className="mt-3 text-sm leading-6 text-stone-600"
            role={status === "loading" ? "status" : undefined}
          >
            {status === "loading" ? t("loading") : t("nisabNoWorkspace")}
          </p>
        )}
      </section>
    </Card>
  );
}

function TimelineBody({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("dashboard");
  const { t: tt } = useTranslation("tracker");
  const query = useZakatData(workspaceId);
  const mutations = useTrackerMutations(workspaceId);
  const { add, dialogs } = useMilestoneAdder(query.data, mutations.addMilestone);
  const [adding, setAdding] = useState(false);

  if (query.isPending) {
    return (
      <p role="status" className="mt-3 text-sm text-stone-600">
        {t("loading")}
      </p>
    );
  }
  if (query.isError) {
    return <CardLoadError testId="timeline-card-error" onRetry={() => void query.refetch()} />;
  }

  const last = sortMilestones(query.data.milestones).slice(-dashboardTimelineCount);
  const removing = mutations.removeMilestone.isPending
    ? (mutations.removeMilestone.variables ?? null)
    : null;
  const remove = (milestone: Milestone) =>
    mutations.removeMilestone.mutate(milestone.id, {
      onSuccess: () => toast.success(tt("toasts.milestoneRemoved")),
      onError: (error) => {
        console.error("Failed to remove milestone", error);
        toast.error(tt("toasts.removeFailed"));
      },
    });

  return (
    <>
      <div className="mt-4">
        {last.length === 0 ? (
          <p className="text-sm leading-6 text-stone-600" data-testid="timeline-card-empty">
            {t("timelineEmpty")}
          </p>
        ) : (
          <MilestoneTimeline
            milestones={last}
            limit={dashboardTimelineCount}
            viewAllTo={null}
            onRemove={remove}
            removingId={removing}
            label={t("timelineLatest")}
          />
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => setAdding(true)} data-testid="timeline-card-add">
          <Plus aria-hidden="true" />
          {t("timelineAdd")}
        </Button>
        <LocalizedLink
          to="/calendar"
          className={buttonClasses({ variant: "link", className: "text-sm" })}
          data-testid="timeline-card-more"
        >
          {t("timelineMore")}
        </LocalizedLink>
      </div>
      <AddMilestoneDialog open={adding} onOpenChange={setAdding} onSubmit={add} />
      {dialogs}
    </>
  );
}
