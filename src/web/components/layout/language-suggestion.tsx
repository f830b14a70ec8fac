import { i18nFor } from "~/app/i18n";
import { directionOf } from "~/app/locale-tags";
import { buildRender } from "~/app/static-page";
import { languages, localizedPath, type Language } from "~/app/route-table";

/**
 * The English landing page's offer of the visitor's own language (decision 070): one hidden
 * note per other language, each in that language, prerendered; the islands' script shows the
 * one that the browser's languages (Accept-Language) ask for, on a first visit only. A
 * suggestion, never a redirect: the link goes there, "No, thanks" keeps English and stores it.
 */
export function LanguageSuggestion({ lang }: { lang: Language }) {
  // prerendered HTML only: a static page is never rendered in the browser
  if (!buildRender()) return null;
  return (
    <aside
      data-language-suggestion
      hidden
      className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-md rounded-xl border border-stone-200 bg-white p-4 shadow-lg"
    >
      {languages
        .filter((other) => other !== lang)
        .map((other) => {
          const t = i18nFor(other).t;
          return (
            <div key={other} data-suggest={other} lang={other} dir={directionOf(other)} hidden>
              <p className="text-sm text-stone-800">{t("languageSwitcher.suggestion.text")}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <a
                  href={localizedPath(other, "")}
                  hrefLang={other}
                  className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {t("languageSwitcher.suggestion.switch")}
                </a>
                <button
                  type="button"
                  data-dismiss
                  className="rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
                >
                  {t("languageSwitcher.suggestion.dismiss")}
                </button>
              </div>
            </div>
          );
        })}
    </aside>
  );
}
