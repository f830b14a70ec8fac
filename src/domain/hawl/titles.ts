import type { HawlLanguage } from "./hijri.ts";
import {
  cancelledSuffix,
  isCancelled,
  milestoneTitleCodes,
  type Milestone,
  type MilestoneTitleCode,
  type MilestoneTitleParams,
  type MilestoneType,
} from "./milestone.ts";
import { reviewTitles } from "./reviews.ts";

// Generated milestone titles in the reader's language. A generated milestone stores what it is
// (`titleCode` and `titleParams`), and every screen, e-mail or feed renders its title here, in
// the language of whoever reads it; a title typed by a person (no code) is shown as typed.

/** The threshold card's titles (the same words as tracker.json `titles`). */
export const nisabEventTitles: Readonly<
  Record<HawlLanguage, { threshold: string; thresholdDown: string }>
> = {
  en: { threshold: "Nisab reached", thresholdDown: "Fell below nisab" },
  fr: { threshold: "Nisab atteint", thresholdDown: "Passé sous le nisab" },
  nl: { threshold: "Nisab bereikt", thresholdDown: "Onder de nisab gezakt" },
};

const quarterPercents = [25, 50, 75, 100] as const;

/** The code a client may give a milestone of `type` it adds (reviews are the server's own). */
export function nisabEventTitleCode(type: MilestoneType): MilestoneTitleCode | null {
  if (type === "threshold") return "nisab-reached";
  if (type === "threshold-down") return "nisab-below";
  return null;
}

export function isMilestoneTitleCode(value: unknown): value is MilestoneTitleCode {
  return (milestoneTitleCodes as readonly unknown[]).includes(value);
}

/** The title of a generated milestone in `lang`; null when the code or its parameters are unknown. */
export function generatedTitle(
  code: MilestoneTitleCode,
  params: MilestoneTitleParams | null | undefined,
  lang: HawlLanguage,
): string | null {
  switch (code) {
    case "nisab-reached":
      return nisabEventTitles[lang].threshold;
    case "nisab-below":
      return nisabEventTitles[lang].thresholdDown;
    case "review-quarterly": {
      const index = quarterPercents.indexOf(params?.percent as (typeof quarterPercents)[number]);
      return index < 0 ? null : reviewTitles[lang].quarterly[index]!;
    }
    case "review-monthly":
      return reviewTitles[lang].monthly;
  }
}

/**
 * The title a reader of `lang` sees, without the stored " (Cancelled)" marker (isCancelled
 * tells that; screens say it in their own words): the generated title in `lang`, else the
 * title as typed.
 */
export function milestoneTitle(
  m: Pick<Milestone, "title" | "titleCode" | "titleParams">,
  lang: HawlLanguage,
): string {
  if (m.titleCode) {
    const generated = generatedTitle(m.titleCode, m.titleParams, lang);
    if (generated !== null) return generated;
  }
  return isCancelled(m) ? m.title.slice(0, -cancelledSuffix.length) : m.title;
}
