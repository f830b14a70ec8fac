import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { todayIn } from "../../../../domain/hawl";
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
 */
export function useCalendarPlace() {
  const [today] = useState(localToday);
  const [params, setParams] = useSearchParams();
  const place = readCalendarPlace(params, today);
  const go = useCallback(
    (next: CalendarPlace, options: { replace?: boolean } = {}) =>
      setParams((current) => withCalendarPlace(current, next), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return { place, today, go };
}
