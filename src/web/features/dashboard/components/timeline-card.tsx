import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { endedYears, isCancelled, sortMilestones, type Milestone } from "#domain/hawl/index.ts";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useTrackerMutations, useZakatData } from "~/features/tracker";
import { AddMilestoneDialog } from "~/features/tracker";
import { MilestoneTimeline } from "~/features/tracker";
import { useMilestoneAdder } from "~/features/tracker";
import { useMilestoneRemover } from "~/features/tracker";
import { useToday } from "~/features/tracker";
import { useWorkspaces } from "~/lib/use-workspaces";
import { CardLoadError } from "./card-load-error";
import { Bar, Reserved } from "./reserved";

/**
 * The two milestones the dashboard shows: the most recent one on or before today and the next
 * one after it (the spec's "last 2 by date" were reviews a year ahead, hiding what was just
 * added). Reviews a fall below nisab cancelled are not coming. Either may be missing.
 */
export function aroundToday(
  milestones: readonly Milestone[],
  today: string,
): { past: Milestone | null; next: Milestone | null } {
  const sorted = sortMilestones(milestones).filter((m) => !isCancelled(m));
  const firstLater = sorted.findIndex((m) => m.date > today);
  const past = firstLater === -1 ? sorted.at(-1) : sorted[firstLater - 1];
  return { past: past ?? null, next: firstLater === -1 ? null : sorted[firstLater]! };
}

/**
 * Spec "Dashboard": the zakat timeline card. The most recent milestone and the next one, add
 * and remove, and a see-more link to /calendar.
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
          <Reserved
            className="mt-4"
            ready={status !== "loading"}
            loadingLabel={t("loading")}
            skeleton={<TimelineSkeleton />}
          >
            <p className="text-sm leading-6 text-stone-600">{t("nisabNoWorkspace")}</p>
          </Reserved>
        )}
        {current ? null : <ButtonsSpace />}
      </section>
    </Card>
  );
}

function TimelineBody({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("dashboard");
  const today = useToday();
  const query = useZakatData(workspaceId);
  const mutations = useTrackerMutations(workspaceId);
  const { add, dialogs } = useMilestoneAdder(query.data, mutations.addMilestone);
  const [adding, setAdding] = useState(false);
  const remover = useMilestoneRemover(workspaceId);

  if (query.isPending) {
    return (
      <>
        <Reserved
          className="mt-4"
          ready={false}
          loadingLabel={t("loading")}
          skeleton={<TimelineSkeleton />}
        />
        <ButtonsSpace />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <Reserved
          className="mt-4"
          ready
          loadingLabel={t("loading")}
          skeleton={<TimelineSkeleton />}
        >
          <CardLoadError testId="timeline-card-error" onRetry={() => void query.refetch()} />
        </Reserved>
        <ButtonsSpace />
      </>
    );
  }

  const all = query.data.milestones;
  const { past, next } = aroundToday(all, today);
  const ended = endedYears(all, query.data.settings.hawlRule);
  const part = (milestone: Milestone | null, heading: string, none: string, testId: string) => (
    <div data-testid={testId}>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
        {heading}
      </h3>
      {milestone ? (
        <MilestoneTimeline
          milestones={[milestone]}
          all={all}
          today={today}
          limit={1}
          viewAllTo={null}
          onRemove={remover.remove}
          removingId={remover.removingId}
          ended={ended}
          label={heading}
        />
      ) : (
        <p className="text-sm text-stone-600">{none}</p>
      )}
    </div>
  );

  return (
    <>
      <Reserved className="mt-4" ready loadingLabel={t("loading")} skeleton={<TimelineSkeleton />}>
        {all.length === 0 ? (
          <p className="text-sm leading-6 text-stone-600" data-testid="timeline-card-empty">
            {t("timelineEmpty")}
          </p>
        ) : (
          <div className="space-y-4">
            {part(past, t("timelinePast"), t("timelineNoPast"), "timeline-card-past")}
            {part(next, t("timelineNext"), t("timelineNoNext"), "timeline-card-next")}
          </div>
        )}
      </Reserved>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          onClick={() => setAdding(true)}
          // the dialog's chunk comes on the way to a click (dialogs-on-demand.ts)
          onPointerEnter={AddMilestoneDialog.preload}
          onFocus={AddMilestoneDialog.preload}
          data-testid="timeline-card-add"
        >
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

/** Where the row of buttons (add, see more) goes once the timeline is here. */
function ButtonsSpace() {
  return <div className="mt-4 h-9" />;
}

/**
 * The settled card's shape: the two parts, each with one milestone of four lines (title, date,
 * time elapsed, due date).
 */
function TimelineSkeleton() {
  const { t } = useTranslation("dashboard");
  const part = (heading: string) => (
    <div>
      <p className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">{heading}</p>
      <div className="flex items-start gap-3 rounded-xl border border-stone-200 p-3 sm:p-4">
        <span className="mt-0.5 size-9 shrink-0 rounded-full bg-stone-100" />
        <div className="min-w-0 flex-1">
          <Bar tall className="w-40" />
          <div className="mt-1">
            <Bar className="w-52" />
          </div>
          <div className="mt-0.5 flex h-4 items-center">
            <span className="h-2.5 w-24 rounded bg-stone-200" />
          </div>
          <div className="mt-1 flex h-4 items-center">
            <span className="h-2.5 w-56 max-w-full rounded bg-stone-200" />
          </div>
        </div>
      </div>
    </div>
  );
  return (
    <div className="space-y-4">
      {part(t("timelinePast"))}
      {part(t("timelineNext"))}
    </div>
  );
}
