import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormatElapsed } from "../lib/elapsed";
import { elapsedHijri, type HawlRule, type ZakatYearStatus as Status } from "#domain/hawl/index.ts";
import { useLanguage } from "~/app/language";
import type { Language } from "~/app/route-table";
import { Card, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatDayLong, formatHijriDay, relativeDay, useToday } from "../lib/dates";
import { ProgressRing, progressFill } from "./progress-ring";

/**
 * Spec "Nisab tracker": the zakat year's status (spec §4: not set, running, paused, complete)
 * with its start date, how long ago that was, the Hijri time elapsed, the day zakat falls due in
 * Gregorian and Hijri form, and the progress: a ring on wider screens, a bar and the percentage
 * on phones. Paused means the majority rule's reset; under the Hanafi rule a dip keeps the year
 * and its due date (PRODUCT.md).
 */
export function ZakatYearStatus({
  status,
  rule,
  today: givenToday,
  className,
}: {
  status: Status;
  rule: HawlRule;
  today?: string;
  className?: string;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const formatElapsed = useFormatElapsed();
  const browserToday = useToday();
  const today = givenToday ?? browserToday;
  const id = useId();

  if (status.kind === "not-set") {
    return (
      <Card className={className} data-testid="zakat-year-status" data-status="not-set">
        <section aria-labelledby={`${id}-title`}>
          <p className="text-sm font-medium text-stone-500">{t("status.heading")}</p>
          <CardTitle as="h2" id={`${id}-title`} className="mt-1" data-testid="zakat-year-title">
            {t("status.notSet")}
          </CardTitle>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t("status.notSetHelp")}</p>
        </section>
      </Card>
    );
  }

  // Hanafi: a dip before the year's end keeps the year (at its end, below nisab resets it)
  const hanafiDip = status.kind === "paused" && rule === "hanafi" && today < status.end;
  const reset = status.kind === "paused" && !hanafiDip;
  const title =
    status.kind === "running"
      ? t("status.running")
      : status.kind === "complete"
        ? t("status.complete")
        : hanafiDip
          ? t("status.pausedHanafi")
          : t("status.paused");
  const below = status.belowSince ? formatDayLong(status.belowSince, lang) : "";
  const help =
    status.kind === "running"
      ? t("status.runningHelp")
      : status.kind === "complete"
        ? t("status.completeHelp")
        : hanafiDip
          ? t("status.pausedHanafiHelp", { date: below, end: formatDayLong(status.end, lang) })
          : t("status.pausedHelp", { date: below });
  const progressLabel = t("status.progress");

  return (
    <Card className={className} data-testid="zakat-year-status" data-status={status.kind}>
      <section aria-labelledby={`${id}-title`}>
        <div className="flex items-start justify-between gap-6">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-stone-500">{t("status.heading")}</p>
            <CardTitle as="h2" id={`${id}-title`} className="mt-1" data-testid="zakat-year-title">
              {title}
            </CardTitle>
            <p className="mt-2 text-sm leading-6 text-stone-600">{help}</p>

            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <DayFacts
                label={t("status.started")}
                day={status.start}
                today={today}
                lang={lang}
                testId="year-start"
              />
              {!reset && (
                <DayFacts
                  label={t("status.end")}
                  day={status.end}
                  today={today}
                  lang={lang}
                  testId="year-end"
                />
              )}
              {!reset && (
                <div>
                  <dt className="text-stone-500">{t("status.elapsed")}</dt>
                  <dd className="font-medium text-stone-900" data-testid="year-elapsed">
                    {formatElapsed(elapsedHijri(status.start, today))}
                  </dd>
                </div>
              )}
            </dl>
            <p className="mt-4 text-xs text-stone-500">{t("status.lunarYear")}</p>
          </div>
          {/* wider screens: the ring */}
          <div className="hidden shrink-0 sm:block">
            <ProgressRing percentage={status.progress} label={progressLabel} />
          </div>
        </div>

        {/* phones: a bar and the percentage instead of the ring */}
        <div className="mt-5 sm:hidden" data-testid="year-progress-mobile">
          <div className="flex items-center justify-between text-sm">
            <span className="text-stone-600">{progressLabel}</span>
            <span className="font-semibold text-stone-900">
              {t("status.percent", { percent: status.progress })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.progress}
            className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className={cn("h-full rounded-full", progressFill.background)}
              style={{ width: `${status.progress}%` }}
            />
          </div>
        </div>
      </section>
    </Card>
  );
}

/** One day of the year's status: Gregorian, Hijri, and how far from today. */
function DayFacts({
  label,
  day,
  today,
  lang,
  testId,
}: {
  label: string;
  day: string;
  today: string;
  lang: Language;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900" data-testid={testId}>
        <time dateTime={day}>{formatDayLong(day, lang)}</time>
      </dd>
      <dd className="text-stone-600" data-testid={`${testId}-hijri`}>
        {formatHijriDay(day, lang)}
      </dd>
      <dd className="text-stone-600" data-testid={`${testId}-relative`}>
        {relativeDay(day, today, lang)}
      </dd>
    </div>
  );
}
