import {
  Ban,
  CalendarClock,
  CheckCircle2,
  HandCoins,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { isCancelled, type MilestoneType } from "#domain/hawl/index.ts";
import { useMilestoneTitle } from "~/features/tracker";
import { cn } from "~/components/ui/cn";

// How a milestone looks wherever the calendar shows it. The type is told by a colour AND an
// icon AND (in full rows, or to screen readers) a word, never by colour alone; a review
// cancelled by a threshold-down is struck through and says "Cancelled".

interface TypeLook {
  icon: LucideIcon;
  /** chip in a day cell or row: background, text, ring */
  chip: string;
  /** the small dot of the condensed (mobile) month grid */
  dot: string;
}

export const typeLooks: Readonly<Record<MilestoneType, TypeLook>> = {
  threshold: {
    icon: TrendingUp,
    chip: "bg-emerald-50 text-emerald-900 ring-emerald-300",
    dot: "bg-emerald-600",
  },
  "threshold-down": {
    icon: TrendingDown,
    chip: "bg-stone-100 text-stone-800 ring-stone-300",
    dot: "bg-stone-500",
  },
  due: { icon: CalendarClock, chip: "bg-sky-50 text-sky-900 ring-sky-300", dot: "bg-sky-600" },
  payment: { icon: HandCoins, chip: "bg-gold-50 text-gold-900 ring-gold-300", dot: "bg-gold-500" },
};

/**
 * The title in the page's language (a generated milestone's from its code; a typed one as
 * typed), without the stored " (Cancelled)" suffix: the badge says it in the page language.
 */
export function useDisplayTitle(): (
  m: Pick<MilestoneDto, "title" | "titleCode" | "titleParams">,
) => string {
  return useMilestoneTitle();
}

/** A one-line chip for a day cell: icon, title; the type word for screen readers. */
export function MilestoneChip({
  milestone,
  className,
}: {
  milestone: MilestoneDto;
  className?: string;
}) {
  const { t } = useTranslation("calendar");
  const displayTitle = useDisplayTitle();
  const look = typeLooks[milestone.type];
  const cancelled = isCancelled(milestone);
  const Icon = cancelled ? Ban : look.icon;
  return (
    <span
      className={cn(
        "flex min-w-0 items-center gap-1 rounded px-1 py-0.5 text-xs leading-4 ring-1 ring-inset",
        look.chip,
        cancelled && "opacity-75",
        className,
      )}
      data-testid="calendar-chip"
      data-type={milestone.type}
    >
      <Icon aria-hidden="true" className="size-3 shrink-0" />
      <span className={cn("truncate", cancelled && "line-through")}>{displayTitle(milestone)}</span>
      <span className="sr-only">
        {` (${t(`milestone.types.${milestone.type}`)}${cancelled ? `, ${t("milestone.cancelled")}` : ""})`}
      </span>
    </span>
  );
}

/** The type as a badge with its icon and word; Cancelled and Completed badges beside it. */
export function MilestoneTypeBadges({ milestone }: { milestone: MilestoneDto }) {
  const { t } = useTranslation("calendar");
  const look = typeLooks[milestone.type];
  const Icon = look.icon;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span
        className={cn(
          "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
          look.chip,
        )}
        data-testid="milestone-type"
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {t(`milestone.types.${milestone.type}`)}
      </span>
      {isCancelled(milestone) && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset"
          data-testid="milestone-cancelled"
        >
          <Ban aria-hidden="true" className="size-3.5" />
          {t("milestone.cancelled")}
        </span>
      )}
      {milestone.completed && (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
          {t("milestone.completed")}
        </span>
      )}
    </span>
  );
}

/** The title as a row shows it: struck through when cancelled. */
export function MilestoneTitle({
  milestone,
  className,
}: {
  milestone: MilestoneDto;
  className?: string;
}) {
  const displayTitle = useDisplayTitle();
  return (
    <span
      className={cn(
        "font-medium break-words text-stone-900",
        isCancelled(milestone) && "text-stone-500 line-through",
        className,
      )}
      data-testid="milestone-title"
    >
      {displayTitle(milestone)}
    </span>
  );
}
