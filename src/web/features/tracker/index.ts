// What other features use of the tracker feature (the dialogs stay on demand: dialogs-on-demand).
export { fetchZakatData, zakatDataQueryKey } from "./api/tracker-api";
export { useTrackerMutations, useZakatData } from "./api/use-tracker";
export { AddMilestoneDialog } from "./components/dialogs-on-demand";
export { MilestoneTimeline } from "./components/milestone-timeline";
export { NotificationSettingsForm } from "./components/notification-settings-form";
export { ProgressRing } from "./components/progress-ring";
export { StatementCard } from "./components/statement-card";
export { useMilestoneAdder } from "./hooks/use-milestone-adder";
export { linkedCount, useMilestoneRemover } from "./hooks/use-milestone-remover";
export { formatDayLong, formatHijriDay, relativeDay, useToday } from "./lib/dates";
export { useFormatElapsed } from "./lib/elapsed";
export { useMilestoneTitle } from "./lib/titles";
