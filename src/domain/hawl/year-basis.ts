import { addDays } from "./calendar-day.ts";
import { addHijriYear } from "./hijri.ts";
import type { MethodologyYearBasis } from "../zakat/methodology.ts";

// How long a zakat year is. "hijri" (the default, the methodology's lunar year) ends one Umm
// al-Qura year after its start, the threshold's endDate (PRODUCT.md: not 354 days); progress is
// still counted over the spec's 354 days. "gregorian" ends 365 days after its start, and progress
// is counted over 365 (spec §9).

// Not the calculation's MethodologyYearBasis ("lunar" | "gregorian", which sets the rate): the
// two are stored apart under their own values, and trackerYearBasis() maps one to the other.
export const trackerYearBases = ["hijri", "gregorian"] as const;
export type TrackerYearBasis = (typeof trackerYearBases)[number];

/** Spec §9: the denominators of the progress ring. */
export const yearLengthDays: Readonly<Record<TrackerYearBasis, number>> = {
  gregorian: 365,
  hijri: 354,
};

/** The methodology names the lunar year "lunar"; the tracker calls it "hijri". */
export function trackerYearBasis(methodologyBasis: MethodologyYearBasis): TrackerYearBasis {
  return methodologyBasis === "lunar" ? "hijri" : "gregorian";
}

/** The day a zakat year that starts on `start` is complete (zakat falls due). */
export function zakatYearEnd(start: string, basis: TrackerYearBasis): string {
  return basis === "hijri" ? addHijriYear(start) : addDays(start, yearLengthDays.gregorian);
}
