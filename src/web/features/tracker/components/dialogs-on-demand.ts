import { dialogOnDemand } from "~/components/ui/on-demand";

// The tracker's dialogs as the dashboard and the tracker page render them (issue 12): Radix
// Dialog, the date picker's popover and the forms load when a dialog first opens, not with the
// page. Same props as the dialogs themselves.

export const AddMilestoneDialog = dialogOnDemand(
  () => import("./add-milestone-dialog").then((m) => m.AddMilestoneDialog),
  { isOpen: (p) => p.open, close: (p) => p.onOpenChange(false) },
);

export const ReviewSetupDialog = dialogOnDemand(
  () => import("./review-setup-dialog").then((m) => m.ReviewSetupDialog),
  { isOpen: (p) => p.threshold !== null, close: (p) => p.onClose() },
);

export const CongratulationsDialog = dialogOnDemand(
  () => import("./congratulations-dialog").then((m) => m.CongratulationsDialog),
  { isOpen: (p) => p.open, close: (p) => p.onClose() },
);
