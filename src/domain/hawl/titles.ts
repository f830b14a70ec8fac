import {
  cancelledSuffix,
  isCancelled,
  milestoneTitleCodes,
  type Milestone,
  type MilestoneTitleCode,
  type MilestoneTitleParams,
  type MilestoneType,
} from "./milestone.ts";

// What a milestone's title is, for every screen, e-mail or feed to say in the language of whoever
// reads it. A generated milestone stores what it is (`titleCode` and `titleParams`); its words
// are the catalogs' (locales/<lang>/tracker.json `titles.<code>`), rendered by the web and the
// server through i18next. A title typed by a person (no code) is shown as typed.

/** The reviews at 3, 6, 9 and 12 months are at these percents of the year (spec §9). */
export const quarterPercents = [25, 50, 75, 100] as const;
export type QuarterPercent = (typeof quarterPercents)[number];

/**
 * A title to render: a catalog code (tracker.json `titles.<code>`) with its parameters, or a
 * person's own text.
 */
export type MilestoneTitleText =
  | { code: "nisab-reached" | "nisab-below" | "review-monthly"; params: Record<string, never> }
  | { code: "review-quarterly"; params: { percent: QuarterPercent } }
  | { code: null; text: string };

/** The code a client may give a milestone of `type` it adds (reviews are the server's own). */
export function nisabEventTitleCode(type: MilestoneType): MilestoneTitleCode | null {
  if (type === "threshold") return "nisab-reached";
  if (type === "threshold-down") return "nisab-below";
  return null;
}

export function isMilestoneTitleCode(value: unknown): value is MilestoneTitleCode {
  return (milestoneTitleCodes as readonly unknown[]).includes(value);
}

/** A generated title's code and parameters; null when the parameters are unknown. */
export function generatedTitle(
  code: MilestoneTitleCode,
  params: MilestoneTitleParams | null | undefined,
): MilestoneTitleText | null {
  if (code !== "review-quarterly") return { code, params: {} };
  const percent = quarterPercents.find((p) => p === params?.percent);
  return percent === undefined ? null : { code, params: { percent } };
}

/**
 * The title a reader sees, without the stored " (Cancelled)" marker (isCancelled tells that;
 * screens say it in their own words): the generated title's code, else the title as typed.
 */
export function milestoneTitle(
  m: Pick<Milestone, "title" | "titleCode" | "titleParams">,
): MilestoneTitleText {
  const generated = m.titleCode ? generatedTitle(m.titleCode, m.titleParams) : null;
  if (generated) return generated;
  return { code: null, text: isCancelled(m) ? m.title.slice(0, -cancelledSuffix.length) : m.title };
}
