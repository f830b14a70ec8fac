import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { addHijriMonths, reviewPlan } from "#domain/hawl/index.ts";
import { useTitleText } from "../lib/titles";
import { useLanguage } from "~/app/language";
import { readKey, writeKey } from "~/lib/storage-keys";
import { formatGregorian, formatHijriDay } from "../lib/dates";

// The review schedule of a threshold (spec §9): quarterly reviews at 3, 6, 9 and 12 months,
// monthly ones in between. The notification settings (the person's, on the server: issue 15)
// hold the choice proposed for the next threshold, with a copy on this device for when they
// have not loaded (defaults: quarterly on, monthly off); the review-schedule setup shows it
// again each time a threshold is added.

export interface ReviewChoice {
  quarterly: boolean;
  monthly: boolean;
}

/** localStorage key of the proposed review schedule (cleared at sign-out with the user's data). */
export const REVIEW_DEFAULTS_KEY = "zakat_review_defaults";

export const defaultReviewChoice: ReviewChoice = { quarterly: true, monthly: false };

export function readReviewDefaults(): ReviewChoice {
  try {
    const raw = readKey(REVIEW_DEFAULTS_KEY);
    if (!raw) return defaultReviewChoice;
    const parsed = JSON.parse(raw) as Partial<ReviewChoice>;
    return {
      quarterly:
        typeof parsed.quarterly === "boolean" ? parsed.quarterly : defaultReviewChoice.quarterly,
      monthly: typeof parsed.monthly === "boolean" ? parsed.monthly : defaultReviewChoice.monthly,
    };
  } catch {
    return defaultReviewChoice;
  }
}

export function writeReviewDefaults(choice: ReviewChoice): void {
  writeKey(REVIEW_DEFAULTS_KEY, JSON.stringify(choice));
}

/**
 * The two checkboxes of a form (`checkbox`: each one's registration) and the schedule preview of
 * the form's `value` (reviewPlan, in the page's language). With `startDate` the preview dates
 * each review on the Umm al-Qura calendar.
 */
export function ReviewScheduleFields({
  value,
  checkbox,
  error,
  startDate = null,
}: {
  value: ReviewChoice;
  checkbox: (kind: keyof ReviewChoice) => UseFormRegisterReturn;
  /** a refusal of a box (the server's), said under it */
  error?: (kind: keyof ReviewChoice) => string | undefined;
  startDate?: string | null;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const titleText = useTitleText();
  const id = useId();
  const plan = reviewPlan(value);

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        {(["quarterly", "monthly"] as const).map((kind) => {
          const refused = error?.(kind);
          return (
            <label
              key={kind}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
            >
              <input
                type="checkbox"
                aria-describedby={
                  refused ? `${id}-${kind}-help ${id}-${kind}-error` : `${id}-${kind}-help`
                }
                aria-invalid={refused ? true : undefined}
                className="mt-0.5 size-4 accent-brand-700"
                {...checkbox(kind)}
              />
              <span>
                <span className="block font-medium text-stone-900">{t(`reviews.${kind}`)}</span>
                <span id={`${id}-${kind}-help`} className="block text-stone-600">
                  {t(`reviews.${kind}Help`)}
                </span>
                {refused && (
                  <span id={`${id}-${kind}-error`} className="block font-medium text-red-700">
                    {refused}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>

      <section aria-labelledby={`${id}-preview`} className="rounded-lg bg-stone-50 p-3">
        <h3 id={`${id}-preview`} className="text-sm font-semibold text-stone-900">
          {t("reviews.preview")}
        </h3>
        {plan.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600" data-testid="review-preview-empty">
            {t("reviews.previewEmpty")}
          </p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm" data-testid="review-preview">
            {plan.map((entry) => {
              const date = startDate ? addHijriMonths(startDate, entry.months) : null;
              return (
                <li
                  key={entry.months}
                  className="flex flex-wrap justify-between gap-x-3"
                  data-testid="review-preview-item"
                >
                  <span className="font-medium text-stone-800">{titleText(entry.title)}</span>
                  <span className="text-stone-600">
                    {date
                      ? `${formatGregorian(date, lang)} · ${formatHijriDay(date, lang)}`
                      : t("reviews.month", { count: entry.months })}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
