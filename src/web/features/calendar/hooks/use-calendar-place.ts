import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { todayIn } from "#domain/hawl/index.ts";
import { clampDay } from "../model/calendar-days";
import { readCalendarPlace, withCalendarPlace, type CalendarPlace } from "../model/calendar-params";

/** Today in the browser's time zone (UTC when it has none), as a calendar day. */
export function localToday(now: Date = new Date()): string {
  let zone = "UTC";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    // an engine without time zone data: UTC
  }
  try {
    return clampDay(todayIn(zone, now));
  } catch {
    return clampDay(todayIn("UTC", now));
  }
}

/**
 * The view and the focused day, kept in the address (?view=…&date=…). Moving by period or
 * switching view adds a history entry (Back returns to it); keyboard moves replace the entry.
 * `go` takes the place or a step from the current one: React Router renders a navigation in a
 * transition, so a second click can come before the page shows the first; it builds on the
 * place last asked for, not the one last rendered (two quick "previous" clicks move twice).
 */
export function useCalendarPlace() {
  const [today] = useState(localToday);
  const [params, setParams] = useSearchParams();
  const place = readCalendarPlace(params, today);
  /** the place last asked for, until the page shows it */
  const asked = useRef<CalendarPlace | null>(null);
  useEffect(() => {
    if (asked.current && samePlace(asked.current, place)) asked.current = null;
  });
  const go = useCallback(
    (
      next: CalendarPlace | ((from: CalendarPlace) => CalendarPlace),
      options: { replace?: boolean } = {},
    ) => {
      const target = typeof next === "function" ? next(asked.current ?? place) : next;
      asked.current = target;
      setParams((current) => withCalendarPlace(current, target), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams, place],
  );
  return { place, today, go };
}

function samePlace(a: CalendarPlace, b: CalendarPlace): boolean {
  return a.view === b.view && a.date === b.date;
}
