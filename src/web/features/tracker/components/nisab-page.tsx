import { BellRing, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ZakatData } from "#contracts/zakat.ts";
import { endedYears, zakatYearStatus } from "#domain/hawl/index.ts";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { PageSpinner } from "~/components/ui/page-spinner";
import { LoadFailed } from "~/features/workspaces";
import { gateTextsOf } from "~/features/workspaces";
import { WorkspacePage } from "~/features/workspaces";
import { useNotificationSettings } from "../api/notification-settings";
import { useTrackerMutations, useZakatData, type TrackerMutations } from "../api/use-tracker";
import { useMilestoneAdder } from "../hooks/use-milestone-adder";
import { useMilestoneRemover } from "../hooks/use-milestone-remover";
import { useToday } from "../lib/dates";
import { AddMilestoneDialog } from "./dialogs-on-demand";
import { MilestoneTimeline } from "./milestone-timeline";
import { NotificationSettingsDialog } from "./notification-settings-dialog";
import { RecordsCard } from "./records-card";
import { StatementCard } from "./statement-card";
import { ThresholdCard } from "./threshold-card";
import { TrackerSettingsCard } from "./tracker-settings-card";
import { ZakatYearStatus } from "./zakat-year-status";

/**
 * Spec "Nisab tracker" (/nisab): without a zakat year start only the threshold card; with one,
 * the year's status, the threshold card, the timeline, the records and the tracker settings.
 */
export function NisabPage() {
  const { t } = useTranslation("tracker");
  const [notifications, setNotifications] = useState(false);
  // read early: a threshold's review setup proposes the person's saved review choice
  useNotificationSettings();

  return (
    <>
      <WorkspacePage
        testId="nisab"
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        workspaceLine={(name) => t("page.workspace", { name })}
        actions={
          <Button
            variant="secondary"
            onClick={() => setNotifications(true)}
            data-testid="open-notification-settings"
          >
            <BellRing aria-hidden="true" />
            {t("page.notifications")}
          </Button>
        }
        gateTexts={gateTextsOf((key) => t(`page.${key}`))}
      >
        {(workspace) => <TrackerContent key={workspace.id} workspaceId={workspace.id} />}
      </WorkspacePage>
      <NotificationSettingsDialog open={notifications} onOpenChange={setNotifications} />
    </>
  );
}

function TrackerContent({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("tracker");
  const query = useZakatData(workspaceId);
  const mutations = useTrackerMutations(workspaceId);
  const { add, dialogs } = useMilestoneAdder(query.data, mutations.addMilestone);

  if (query.isPending) return <PageSpinner label={t("page.loading")} />;
  if (query.isError) {
    return (
      <LoadFailed
        testId="nisab"
        message={t("page.loadFailed")}
        retryLabel={t("page.retry")}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <>
      <TrackerScreen
        workspaceId={workspaceId}
        data={query.data}
        mutations={mutations}
        onAdd={add}
      />
      {dialogs}
    </>
  );
}

function TrackerScreen({
  workspaceId,
  data,
  mutations,
  onAdd,
}: {
  workspaceId: string;
  data: ZakatData;
  mutations: TrackerMutations;
  onAdd: ReturnType<typeof useMilestoneAdder>["add"];
}) {
  const { t } = useTranslation("tracker");
  const today = useToday();
  const id = useId();
  const [addingMilestone, setAddingMilestone] = useState(false);
  const { settings } = data;
  const status = zakatYearStatus(data.milestones, settings.hawlRule, today, settings.yearBasis);
  const remover = useMilestoneRemover(workspaceId);

  const threshold = (
    <ThresholdCard allowDown={data.nissabDate !== null} onAdd={onAdd} today={today} />
  );

  if (data.zakatYearStart === null) {
    return (
      <div className="grid gap-6 lg:grid-cols-5" data-testid="nisab-start">
        <Card className="lg:col-span-2" data-testid="nisab-intro">
          <CardTitle as="h2">{t("page.startTitle")}</CardTitle>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t("page.startText")}</p>
        </Card>
        <div className="lg:col-span-3">{threshold}</div>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <ZakatYearStatus
        status={status}
        rule={settings.hawlRule}
        today={today}
        className="lg:col-span-3"
      />
      <div className="lg:col-span-2">{threshold}</div>

      <Card className="lg:col-span-3" data-testid="timeline-card">
        <section aria-labelledby={`${id}-timeline`}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <CardTitle as="h2" id={`${id}-timeline`}>
              {t("timeline.title")}
            </CardTitle>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setAddingMilestone(true)}
              onPointerEnter={AddMilestoneDialog.preload}
              onFocus={AddMilestoneDialog.preload}
              data-testid="open-add-milestone"
            >
              <Plus aria-hidden="true" />
              {t("timeline.add")}
            </Button>
          </div>
          <MilestoneTimeline
            milestones={data.milestones}
            today={today}
            onRemove={remover.remove}
            removingId={remover.removingId}
            ended={endedYears(data.milestones, settings.hawlRule)}
          />
        </section>
      </Card>

      <RecordsCard
        className="lg:col-span-2"
        records={data.obligations}
        totalDue={data.totalDue}
        totalPaid={data.totalPaid}
        currency={settings.currency}
        onAdd={async (record) => {
          await mutations.addObligation.mutateAsync(record);
        }}
        onPay={async (recordId, amount) => {
          await mutations.recordPayment.mutateAsync({ id: recordId, amount });
        }}
        onDelete={async (recordId) => {
          await mutations.removeObligation.mutateAsync(recordId);
        }}
      />

      <StatementCard workspaceId={workspaceId} className="lg:col-span-5" />

      <TrackerSettingsCard
        key={`${settings.hawlRule}-${settings.yearBasis}-${settings.currency}`}
        className="lg:col-span-5"
        settings={settings}
        onSave={async (next) => {
          await mutations.updateSettings.mutateAsync(next);
        }}
      />

      <AddMilestoneDialog
        open={addingMilestone}
        onOpenChange={setAddingMilestone}
        onSubmit={onAdd}
      />
    </div>
  );
}
