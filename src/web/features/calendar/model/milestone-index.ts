import { sortMilestones, type Milestone } from "#domain/hawl/index.ts";
import { monthOf } from "./calendar-days";

// Milestones arranged for the calendar. A workspace may hold 10,000 milestones: they are sorted
// and indexed by day once per change of the data (a Map), so each of the up to 42 cells of a
// view reads its day's list in O(1) instead of filtering the whole list.

export type DayIndex<M> = ReadonlyMap<string, readonly M[]>;

/** Milestones in sortMilestones order (date, then threshold-down, threshold, due, payment). */
export function sortedForCalendar<M extends Milestone>(milestones: readonly M[]): M[] {
  return sortMilestones(milestones) as M[];
}

/** Each day with its milestones, in the order of `sorted` (give it sortedForCalendar's). */
export function indexByDay<M extends { date: string }>(sorted: readonly M[]): DayIndex<M> {
  const index = new Map<string, M[]>();
  for (const m of sorted) {
    const list = index.get(m.date);
    if (list) list.push(m);
    else index.set(m.date, [m]);
  }
  return index;
}

/** Spec: at most 2 titles in a day cell, then a count of the rest ("+N more"). */
export const titlesPerCell = 2;

export interface CellPreview<M> {
  shown: readonly M[];
  /** how many more the cell does not list */
  more: number;
}

export function cellPreview<M>(
  list: readonly M[] | undefined,
  max: number = titlesPerCell,
): CellPreview<M> {
  if (!list || list.length === 0) return { shown: [], more: 0 };
  if (list.length <= max) return { shown: list, more: 0 };
  return { shown: list.slice(0, max), more: list.length - max };
}

export interface MonthGroup<M> {
  /** "YYYY-MM" */
  month: string;
  milestones: M[];
}

/** Consecutive runs of the same month: sorted in, sorted out. */
export function groupByMonth<M extends { date: string }>(sorted: readonly M[]): MonthGroup<M>[] {
  const groups: MonthGroup<M>[] = [];
  let current: MonthGroup<M> | undefined;
  for (const m of sorted) {
    const month = monthOf(m.date);
    if (current?.month !== month) {
      current = { month, milestones: [] };
      groups.push(current);
    }
    current.milestones.push(m);
  }
  return groups;
}

/** The first index whose date is on or after `day` (sorted.length when none is). */
export function firstOnOrAfter(sorted: readonly { date: string }[], day: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.date < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A slice [start, end) of the sorted milestones that the timeline renders. */
export interface TimelineWindow {
  start: number;
  end: number;
}

/** How many milestones the timeline renders at once, and adds per "show earlier/later". */
export const timelinePageSize = 100;

/**
 * The timeline's first window: up to `size` milestones from the first one on or after `from`
 * (the first day of the month shown); when fewer than `size` remain after it, the window reaches
 * back so that it is full. A workspace with at most `size` milestones sees all of them.
 */
export function initialTimelineWindow(
  sorted: readonly { date: string }[],
  from: string,
  size: number = timelinePageSize,
): TimelineWindow {
  const n = sorted.length;
  const start = Math.max(0, Math.min(firstOnOrAfter(sorted, from), n - size));
  return { start, end: Math.min(n, start + size) };
}

/** The window grown by `size` earlier (-1) or later (+1) milestones, within [0, total]. */
export function extendTimelineWindow(
  window: TimelineWindow,
  total: number,
  direction: -1 | 1,
  size: number = timelinePageSize,
): TimelineWindow {
  const clamped = clampTimelineWindow(window, total);
  return direction < 0
    ? { start: Math.max(0, clamped.start - size), end: clamped.end }
    : { start: clamped.start, end: Math.min(total, clamped.end + size) };
}

/** Kept within a list that may have shrunk (after a delete): never empty while there is data. */
export function clampTimelineWindow(window: TimelineWindow, total: number): TimelineWindow {
  const end = Math.min(window.end, total);
  const start = Math.min(window.start, Math.max(0, end - 1));
  return { start: Math.max(0, start), end: Math.max(end, Math.min(total, start + 1)) };
}
