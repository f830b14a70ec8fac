import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { fullDate, hijriDate } from "../model/calendar-format";
import { MilestoneRow } from "./milestone-row";

/** Spec "Calendar": the day-detail dialog listing that day's milestones. */
export function DayDialog({
  day,
  milestones,
  tag,
  onClose,
}: {
  /** the day shown; null when closed */
  day: string | null;
  milestones: readonly MilestoneDto[];
  tag: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("calendar");
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      {day !== null && (
        <DialogContent
          title={fullDate(tag, day)}
          description={hijriDate(tag, day)}
          closeLabel={t("dialog.close")}
          className="max-w-lg"
          data-testid="day-dialog"
        >
          {milestones.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600" data-testid="day-dialog-empty">
              {t("dialog.empty")}
            </p>
          ) : (
            <ul
              className="mt-2 divide-y divide-stone-200"
              aria-label={t("grid.count", { count: milestones.length })}
            >
              {milestones.map((m) => (
                <MilestoneRow key={m.id} milestone={m} tag={tag} showDate={false} />
              ))}
            </ul>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
