import {
  milestoneTitle,
  quarterPercents,
  type Milestone,
  type MilestoneTitleText,
  type ReviewTitles,
} from "../../domain/hawl/index.ts";
import type { Language } from "../../domain/language.ts";
import { serverT, type Translate } from "./index.ts";

// Milestone titles in words (locales/<lang>/tracker.json `titles`), for e-mails, the calendar
// feed and the titles stored with generated reviews. The web says them with the same keys
// (web/features/tracker/lib/titles.ts).

export function titleWords(title: MilestoneTitleText, t: Translate): string {
  return title.code === null ? title.text : t(`titles.${title.code}`, title.params);
}

/** The title a reader of `lang` sees (a generated one from its code; a typed one as typed). */
export function milestoneTitleIn(
  m: Pick<Milestone, "title" | "titleCode" | "titleParams">,
  lang: Language,
): string {
  return titleWords(milestoneTitle(m), serverT(lang, "tracker"));
}

/** The titles stored with the reviews a person adding a threshold in `lang` generates. */
export function reviewTitlesIn(lang: Language): ReviewTitles {
  const t = serverT(lang, "tracker");
  const [q1, q2, q3, q4] = quarterPercents.map((percent) =>
    titleWords({ code: "review-quarterly", params: { percent } }, t),
  );
  return {
    quarterly: [q1!, q2!, q3!, q4!],
    monthly: titleWords({ code: "review-monthly", params: {} }, t),
  };
}
