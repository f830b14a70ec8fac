import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { chooseTheme, themeChoices, type ThemeChoice } from "~/app/theme";
import { useThemeChoice } from "~/app/use-theme";
import { cn } from "../ui/cn";

const icons = { system: Monitor, light: Sun, dark: Moon } satisfies Record<ThemeChoice, unknown>;

/**
 * System / Light / Dark (decision 059): three radio buttons, so the prerendered static pages
 * (decision 025) have a working control without React: their islands' script checks the stored
 * choice and applies a change (src/web/islands).
 */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useThemeChoice();
  return (
    <fieldset data-theme-switcher="" className={className}>
      <legend className="sr-only">{t("theme.label")}</legend>
      <div className="inline-flex rounded-lg border border-stone-200 bg-white p-1 shadow-sm">
        {themeChoices.map((choice) => {
          const Icon = icons[choice];
          return (
            <label
              key={choice}
              className={cn(
                "flex h-9 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900",
                "has-checked:bg-brand-700 has-checked:text-white has-checked:hover:bg-brand-700 has-checked:hover:text-white",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
              )}
            >
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={choice === current}
                onChange={() => chooseTheme(document, choice)}
                className="sr-only"
              />
              <Icon className="size-4" aria-hidden="true" />
              {t(`theme.${choice}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
