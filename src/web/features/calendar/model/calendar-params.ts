import { calendarViews, parseShownDay, type CalendarView } from "./calendar-days";

// The calendar's place in the address (?view=week&date=2025-03-14), so that a reload, a shared
// link and the back button keep the view and the day. Anything unreadable falls back to the
// month of today.

export interface CalendarPlace {
  view: CalendarView;
  /** the focused day; the view shows the month, week or day holding it */
  date: string;
}

export function readCalendarPlace(params: URLSearchParams, today: string): CalendarPlace {
  const view = params.get("view");
  return {
    view: (calendarViews as readonly string[]).includes(view ?? "")
      ? (view as CalendarView)
      : "month",
    date: parseShownDay(params.get("date")) ?? today,
  };
}

/** The search params with the place written in; other params are kept. */
export function withCalendarPlace(params: URLSearchParams, place: CalendarPlace): URLSearchParams {
  const copy = new URLSearchParams(params);
  copy.set("view", place.view);
  copy.set("date", place.date);
  return copy;
}
