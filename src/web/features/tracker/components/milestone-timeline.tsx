import { ArrowDownRight, ArrowUpRight, CalendarClock, CircleDollarSign } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormatAgo } from "../lib/elapsed";
import { useMilestoneTitle } from "../lib/titles";
import {
  elapsedHijri,
  isCalendarDay,
  isCancelled,
  sortMilestones,
  type Milestone,
  type MilestoneType,
} from "#domain/hawl/index.ts";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { linkedCount } from "../hooks/use-milestone-remover";
import { formatGregorian, formatHijriDay, useToday } from "../lib/dates";
import { RemoveMilestoneButton } from "./remove-milestone-button";

/** Spec §9: the timeline component shows the first 5 milestones. */
export const timelineLimit = 5;

export interface MilestoneTimelineProps {
  /** in any order: shown sorted by date ascending */
  milestones: readonly Milestone[];
  /** today's calendar day (elapsed time, "Future date"); the browser's today by default */
  today?: string;
  /** how many to show, the first ones by date (spec: 5) */
  limit?: number;
  /** where "View all" goes when there are more than `limit` (spec: /calendar); null: no link */
  viewAllTo?: string | null;
  /** shows a remove button on each milestone, which asks first; resolves once removed */
  onRemove?: (milestone: Milestone) => Promise<unknown>;
  /** the whole timeline, when `milestones` is a part of it: counts what a removal takes along */
  all?: readonly Milestone[];
  /** thresholds whose year a fall below nisab ended (endedYears): id → that day */
  ended?: ReadonlyMap<string, string>;
  /** the milestone being removed: its button shows a spinner, every remove button is disabled */
  removingId?: string | null;
  /** the accessible name of the list */
  label?: string;
  className?: string;
}

/**
 * Spec "Milestone timeline component": the first `limit` milestones by date, each with its date
 * in en-GB day/month/year and in Hijri day/month/year, the Hijri time elapsed since ('No date
 * set', 'Future date'), a threshold's due date, and " (Cancelled)" reviews marked as such.
 */
export function MilestoneTimeline({
  milestones,
  today: givenToday,
  limit = timelineLimit,
  viewAllTo = "/calendar",
  onRemove,
  removingId = null,
  all = milestones,
  ended,
  label,
  className,
}: MilestoneTimelineProps) {
  const { t } = useTranslation("tracker");
  const browserToday = useToday();
  const today = givenToday ?? browserToday;
  const dated = milestones.filter((m) => isCalendarDay(m.date));
  const undated = milestones.filter((m) => !isCalendarDay(m.date));
  const ordered = [...sortMilestones(dated), ...undated];
  const shown = ordered.slice(0, limit);

  if (ordered.length === 0) {
    return (
      <p className={cn("text-sm text-stone-600", className)} data-testid="timeline-empty">
        {t("timeline.empty")}
      </p>
    );
  }

  return (
    <div className={className}>
      <ol aria-label={label ?? t("timeline.listLabel")} className="relative space-y-3">
        {shown.map((m) => (
          <MilestoneItem
            key={m.id}
            milestone={m}
            today={today}
            onRemove={onRemove}
            removing={removingId === m.id}
            disabled={removingId !== null}
            linked={onRemove ? linkedCount(all, m) : 0}
            endedOn={ended?.get(m.id) ?? null}
          />
        ))}
      </ol>
      {viewAllTo !== null && ordered.length > limit && (
        <LocalizedLink
          to={viewAllTo}
          className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}
          data-testid="timeline-view-all"
        >
          {t("timeline.viewAll")}
        </LocalizedLink>
      )}
    </div>
  );
}

const typeIcons: Record<MilestoneType, typeof ArrowUpRight> = {
  threshold: ArrowUpRight,
  "threshold-down": ArrowDownRight,
  due: CalendarClock,
  payment: CircleDollarSign,
};

const typeColours: Record<MilestoneType, string> = {
  threshold: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  "threshold-down": "bg-stone-100 text-stone-600 ring-stone-300",
  due: "bg-blue-50 text-blue-700 ring-blue-200",
  payment: "bg-gold-50 text-gold-800 ring-gold-200",
};

function MilestoneItem({
  milestone: m,
  today,
  onRemove,
  removing,
  disabled,
  linked,
  endedOn,
}: {
  milestone: Milestone;
  today: string;
  onRemove?: (milestone: Milestone) => Promise<unknown>;
  removing: boolean;
  disabled: boolean;
  linked: number;
  /** the day a fall below nisab ended this threshold's year: no due date then */
  endedOn: string | null;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const formatElapsed = useFormatAgo();
  const milestoneTitle = useMilestoneTitle();
  const Icon = typeIcons[m.type];
  const cancelled = isCancelled(m);
  const title = milestoneTitle(m);
  const hasDate = isCalendarDay(m.date);
  const elapsed = formatElapsed(elapsedHijri(hasDate ? m.date : null, today));

  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4",
        cancelled && "bg-stone-50",
      )}
      data-testid="milestone-item"
      data-type={m.type}
      data-cancelled={cancelled || undefined}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset",
          typeColours[m.type],
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p
            className={cn(
              "font-medium break-words text-stone-900",
              cancelled && "text-stone-500 line-through",
            )}
            data-testid="milestone-title"
          >
            {title}
          </p>
          <Badge tone="neutral" data-testid="milestone-type">
            {m.type === "due" && hasDate
              ? t(`timeline.dueWhen.${dueWhen(m.date, today)}`)
              : t(`timeline.types.${m.type}`)}
          </Badge>
          {cancelled && (
            <span
              className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset"
              data-testid="milestone-cancelled"
            >
              {t("timeline.cancelled")}
            </span>
          )}
        </div>
        {hasDate && (
          <p className="mt-1 text-sm text-stone-700">
            <time dateTime={m.date} data-testid="milestone-date">
              <span className="sr-only">{t("timeline.gregorian")} </span>
              {formatGregorian(m.date, lang)}
            </time>
            <span aria-hidden="true" className="px-1.5 text-stone-400">
              ·
            </span>
            <span data-testid="milestone-hijri">
              <span className="sr-only">{t("timeline.hijri")} </span>
              {formatHijriDay(m.date, lang)}
            </span>
          </p>
        )}
        <p className="mt-0.5 text-xs text-stone-500" data-testid="milestone-elapsed">
          {elapsed}
        </p>
        {endedOn !== null ? (
          <p className="mt-1 text-xs text-stone-600" data-testid="milestone-ended">
            {t("timeline.ended", {
              date: `${formatGregorian(endedOn, lang)} · ${formatHijriDay(endedOn, lang)}`,
            })}
          </p>
        ) : (
          m.endDate &&
          isCalendarDay(m.endDate) && (
            <p className="mt-1 text-xs text-stone-600" data-testid="milestone-end">
              {t("timeline.dueDate", {
                date: `${formatGregorian(m.endDate, lang)} · ${formatHijriDay(m.endDate, lang)}`,
              })}
            </p>
          )
        )}
        {m.type === "due" && hasDate && !cancelled && m.date <= today ? (
          // zakat is owed on the value on the day the year completes (decision 022)
          <LocalizedLink
            to={`/calculator?asOf=${encodeURIComponent(m.date)}&milestone=${encodeURIComponent(m.id)}`}
            className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-2" })}
            data-testid="calculate-for-date"
          >
            {t("timeline.calculateForDate")}
          </LocalizedLink>
        ) : null}
      </div>
      {onRemove && (
        <RemoveMilestoneButton
          title={title}
          linked={linked}
          removing={removing}
          disabled={disabled}
          onConfirm={() => onRemove(m)}
        />
      )}
    </li>
  );
}

/** A due milestone's badge says where its day is from today, not only "Due" (issue 30). */
function dueWhen(day: string, today: string): "past" | "today" | "upcoming" {
  return day < today ? "past" : day === today ? "today" : "upcoming";
}
