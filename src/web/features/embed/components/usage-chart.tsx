import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";
import type { EmbedUsageDay } from "#contracts/embed.ts";
import { formatDayMonth } from "#domain/dates/index.ts";

// Issue 30: the usage of the last 30 days as a chart one can read: a column per day over the
// whole width, the four counts nested in it (loads widest behind, clicks narrowest in front, so
// equal counts all show), a count scale on the left and dates under the axis. A picture for
// sighted people (aria-hidden): the panel's table says the same to screen readers.

export const usageMetrics = ["loads", "completed", "due", "ctaClicks"] as const;
export type UsageMetric = (typeof usageMetrics)[number];

export const usageColours: Record<UsageMetric, { fill: string; bg: string }> = {
  loads: { fill: "fill-brand-300", bg: "bg-brand-300" },
  completed: { fill: "fill-brand-600", bg: "bg-brand-600" },
  due: { fill: "fill-gold-500", bg: "bg-gold-500" },
  ctaClicks: { fill: "fill-stone-800", bg: "bg-stone-800" },
};

/** Each metric's bar, as a share of its day's column. */
const widths: Record<UsageMetric, string> = {
  loads: "inset-x-0",
  completed: "inset-x-[15%]",
  due: "inset-x-[30%]",
  ctaClicks: "inset-x-[42%]",
};

/** Which days get a date under the axis: the first, every seventh, and the last. */
export function tickDays(count: number): number[] {
  if (count === 0) return [];
  const ticks: number[] = [];
  for (let i = 0; i < count - 3; i += 7) ticks.push(i);
  ticks.push(count - 1);
  return ticks;
}

/** "28 November": the day and month of a calendar day, in the page's language. */
export function axisDate(day: string, lang: Language): string {
  return formatDayMonth(day, lang);
}

export function UsageChart({ days, lang }: { days: EmbedUsageDay[]; lang: Language }) {
  const max = Math.max(1, ...days.flatMap((day) => usageMetrics.map((m) => day[m])));
  const ticks = tickDays(days.length);
  return (
    <figure aria-hidden="true" className="select-none" data-testid="usage-chart">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex h-36 flex-col justify-between text-end text-xs text-stone-500 tabular-nums">
          <span data-testid="usage-chart-max">{max}</span>
          <span>0</span>
        </div>
        <div className="relative h-36 border-b border-s border-stone-300">
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-stone-200" />
          <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-stone-200" />
          <ol className="absolute inset-0 flex items-stretch gap-px px-px">
            {days.map((day) => (
              <li key={day.day} className="relative flex-1" data-testid="usage-chart-day">
                {usageMetrics.map((metric) =>
                  day[metric] > 0 ? (
                    <span
                      key={metric}
                      className={cn(
                        "absolute bottom-0 rounded-t-sm",
                        widths[metric],
                        usageColours[metric].bg,
                      )}
                      style={{ height: `${(day[metric] / max) * 100}%` }}
                      data-metric={metric}
                    />
                  ) : null,
                )}
              </li>
            ))}
          </ol>
        </div>
        <div />
        <div className="relative mt-1 h-4 text-xs text-stone-600">
          {ticks.map((index) => (
            <span
              key={index}
              className={cn(
                "absolute whitespace-nowrap tabular-nums",
                index === 0
                  ? "translate-x-0"
                  : index === days.length - 1
                    ? "-translate-x-full"
                    : "-translate-x-1/2",
              )}
              style={{
                insetInlineStart:
                  index === 0
                    ? "0%"
                    : index === days.length - 1
                      ? "100%"
                      : `${((index + 0.5) / days.length) * 100}%`,
              }}
              data-testid="usage-chart-date"
            >
              {axisDate(days[index]!.day, lang)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
