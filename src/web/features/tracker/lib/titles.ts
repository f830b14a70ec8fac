import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { milestoneTitle, type Milestone, type MilestoneTitleText } from "#domain/hawl/index.ts";

/**
 * A title the domain describes (titles.ts: a generated title's code and parameters, or a
 * person's own text) in the page's language, from the tracker catalog's `titles` — the keys
 * the server's e-mails and calendar feed use too (src/server/i18n/milestone-words.ts).
 */
export function useTitleText(): (title: MilestoneTitleText) => string {
  const { t } = useTranslation("tracker");
  return useCallback(
    (title: MilestoneTitleText) =>
      title.code === null
        ? title.text
        : t(`titles.${title.code}`, title.params as { percent?: number }),
    [t],
  );
}

/**
 * A milestone's title in the page's language (a generated one from its code; a typed one as
 * typed), without the stored " (Cancelled)" marker: screens say that in their own words.
 */
export function useMilestoneTitle(): (
  m: Pick<Milestone, "title" | "titleCode" | "titleParams">,
) => string {
  const titleText = useTitleText();
  return useCallback((m) => titleText(milestoneTitle(m)), [titleText]);
}
