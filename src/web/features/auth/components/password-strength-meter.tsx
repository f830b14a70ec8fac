import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { PASSWORD_MIN_SCORE } from "#domain/password/rules.ts";
import { usePasswordScore } from "../lib/password-strength";

const barColours = ["bg-red-600", "bg-red-500", "bg-amber-500", "bg-emerald-600", "bg-emerald-700"];
const levels = [0, 1, 2, 3, 4] as const;

/**
 * zxcvbn's estimate of a new password as a five-step bar (a progressbar with its text for
 * assistive technology) and a word, announced politely as it changes. Nothing shows for an
 * empty field or until zxcvbn has loaded.
 */
export function PasswordStrengthMeter({
  password,
  id,
  related = [],
}: {
  password: string;
  id: string;
  /** the address and name typed with it: known to a guesser (the server counts them too) */
  related?: readonly string[];
}) {
  const { t } = useTranslation("auth");
  const score = usePasswordScore(password, related);
  const label = score === null ? null : t(`passwordStrength${levels[score] ?? 0}`);
  return (
    <div className="space-y-1" data-testid="password-strength">
      {score !== null && label !== null && (
        <div
          id={id}
          role="progressbar"
          aria-label={t("passwordStrength")}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={label}
          className="grid grid-cols-5 gap-1"
        >
          {levels.map((level) => (
            <span
              key={level}
              className={cn(
                "h-1.5 rounded-full",
                level <= score ? barColours[score] : "bg-stone-200",
              )}
            />
          ))}
        </div>
      )}
      <p
        aria-live="polite"
        className={cn(
          "min-h-5 text-sm",
          score !== null && score < PASSWORD_MIN_SCORE ? "text-red-700" : "text-stone-600",
        )}
        data-testid="password-strength-text"
      >
        {label !== null ? t("passwordStrengthValue", { label }) : ""}
      </p>
    </div>
  );
}
