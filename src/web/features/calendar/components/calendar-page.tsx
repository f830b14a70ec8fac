import { ArrowLeft, CalendarHeart } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { localeTags } from "~/app/i18n";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageSpinner } from "~/components/ui/page-spinner";
import { LoadFailed } from "~/features/workspaces";
import { gateTextsOf } from "~/features/workspaces";
import { WorkspacePage } from "~/features/workspaces";
import { endedYears } from "#domain/hawl/index.ts";
import { useCalendarMilestones, useZakatData } from "../hooks/use-calendar-data";
import { useCalendarPlace } from "../hooks/use-calendar-place";
import {
  monthGrid,
  monthOf,
  startOfMonth,
  stepPeriod,
  visibleDays,
  weekDays,
} from "../model/calendar-days";
import { fullDate, hijriDate } from "../model/calendar-format";
import { CalendarGrid } from "./calendar-grid";
import { CalendarTimeline } from "./calendar-timeline";
import { CalendarToolbar } from "./calendar-toolbar";
import { DayDialog } from "./day-dialog";
import { DayView } from "./day-view";
import { EndedYearsContext } from "./milestone-row";
import { PeriodList } from "./period-list";

/**
 * Spec §2 "Calendar": back link to the dashboard, title, the zakat year's start, month / week /
 * day views with previous, next and today, a day-detail dialog, and the timeline grouped by
 * month with delete per milestone. 'Loading calendar...' until the data is there.
 */
export function CalendarPage() {
  const { t } = useTranslation("calendar");

  return (
    <WorkspacePage
      testId="calendar"
      above={
        <LocalizedLink
          to="/dashboard"
          className={buttonClasses({ variant: "link", className: "text-sm" })}
          data-testid="calendar-back"
        >
          <ArrowLeft aria-hidden="true" />
          {t("back")}
        </LocalizedLink>
      }
      title={t("title")}
      subtitle={t("subtitle")}
      workspaceLine={(name) => t("workspace", { name })}
      gateTexts={gateTextsOf((key) => t(key))}
    >
      {(workspace) => <CalendarContent key={workspace.id} workspaceId={workspace.id} />}
    </WorkspacePage>
  );
}

function CalendarContent({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("calendar");
  const tag = localeTags[useLanguage()];
  const titleId = useId();
  const query = useZakatData(workspaceId);
  const { sorted, byDay } = useCalendarMilestones(query.data);
  const { place, today, go } = useCalendarPlace();
  const [openDay, setOpenDay] = useState<string | null>(null);
  const { view, date } = place;

  if (query.isPending) return <PageSpinner label={t("loading")} />;
  if (!query.data) {
    return (
      <LoadFailed
        testId="calendar"
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data;
  const ended = endedYears(data.milestones, data.settings.hawlRule);

  function openDayDialog(day: string) {
    // a day of the month shown (or of the week) becomes the focused one; a grey day of a
    // neighbouring month only opens, so the month does not change under the pointer
    if (day !== date && (view !== "month" || monthOf(day) === monthOf(date))) {
      go({ view, date: day }, { replace: true });
    }
    setOpenDay(day);
  }

  return (
    <EndedYearsContext value={ended}>
      <ZakatYearLine start={data.zakatYearStart} tag={tag} />

      <Card className="mt-6 p-3 sm:p-6" data-testid="calendar-card">
        <CalendarToolbar
          view={view}
          date={date}
          tag={tag}
          titleId={titleId}
          onPrevious={() =>
            go((from) => ({ ...from, date: stepPeriod(from.view, from.date, -1, today) }))
          }
          onNext={() =>
            go((from) => ({ ...from, date: stepPeriod(from.view, from.date, 1, today) }))
          }
          onToday={() => go({ view, date: today })}
          onView={(next) => go({ view: next, date })}
        />
        <div className="mt-4">
          {view === "day" ? (
            <DayView day={date} today={today} milestones={byDay.get(date) ?? []} tag={tag} />
          ) : (
            <>
              <CalendarGrid
                view={view}
                weeks={view === "month" ? monthGrid(date) : [weekDays(date)]}
                month={view === "month" ? monthOf(date) : null}
                focused={date}
                today={today}
                byDay={byDay}
                tag={tag}
                labelledBy={titleId}
                onFocusDay={(day) => go({ view, date: day }, { replace: true })}
                onOpenDay={openDayDialog}
              />
              <PeriodList
                days={visibleDays(view, date).filter(
                  (day) => view !== "month" || monthOf(day) === monthOf(date),
                )}
                byDay={byDay}
                tag={tag}
                onOpenDay={openDayDialog}
              />
            </>
          )}
        </div>
      </Card>

      <CalendarTimeline
        key={monthOf(date)}
        workspaceId={workspaceId}
        sorted={sorted}
        from={startOfMonth(date)}
        tag={tag}
      />

      <DayDialog
        day={openDay}
        milestones={openDay ? (byDay.get(openDay) ?? []) : []}
        tag={tag}
        onClose={() => setOpenDay(null)}
      />
    </EndedYearsContext>
  );
}

/** "Zakat year start: Sunday, March 2, 2025 · 2 Ramadan 1446 AH", or a link to set it. */
function ZakatYearLine({ start, tag }: { start: string | null; tag: string }) {
  const { t } = useTranslation("calendar");
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700"
      data-testid="calendar-zakat-year"
    >
      <CalendarHeart aria-hidden="true" className="size-4 text-brand-700" />
      {start ? (
        <>
          <span className="font-semibold">{t("zakatYear.label")}</span>
          <time dateTime={start}>{fullDate(tag, start)}</time>
          <span aria-hidden="true">·</span>
          <span className="text-gold-800">{hijriDate(tag, start)}</span>
        </>
      ) : (
        <>
          <span>{t("zakatYear.notSet")}</span>
          <LocalizedLink to="/nisab" className={buttonClasses({ variant: "link" })}>
            {t("zakatYear.setLink")}
          </LocalizedLink>
        </>
      )}
    </p>
  );
}
