import { Check, Menu, X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { languages } from "~/app/route-table";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import {
  LanguageTriggerFace,
  languageTriggerClasses,
  useLanguageLinkProps,
} from "./language-links";
import { Logo } from "./logo";
import { MenuLanguageRow } from "./menu-sheet-parts";
import { MenuLink } from "./menu-link";
import { signedOutLinks } from "./nav-items";
import { StaticSessionActions } from "./static-session-actions";

// The header's menus on a static page (decision 025), with no script. The language menu is a
// `popover` opened from its button (popovertarget): Escape and a click outside close it, and the
// browser tells screen readers that the button expands it. The small screens' menu is a modal
// <dialog> opened by an invoker command (command="show-modal" commandfor=…): the page behind it
// is inert (focus stays in the sheet), Escape and a click on the backdrop (closedby="any")
// close it, and focus goes back to its button. The islands' script (src/web/islands) stands in
// for browsers without invoker commands or closedby, and closes a menu when a link inside it
// leads within the same page.

/** Attributes of a button that opens or closes a <dialog> by an invoker command (HTML). */
function invokes(dialogId: string, command: "show-modal" | "close"): Record<string, string> {
  // lower-case attributes React passes through as written; @types/react does not list them yet
  return { commandfor: dialogId, command };
}

/** The language menu: the current page in each language (the islands keep query and fragment). */
export function StaticLanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const linkTo = useLanguageLinkProps();
  const current = useLanguage();
  const id = useId();
  return (
    <>
      <button type="button" popoverTarget={id} className={cn(languageTriggerClasses, className)}>
        <LanguageTriggerFace />
      </button>
      <div
        id={id}
        popover="auto"
        className="inset-auto top-15 inset-e-4 m-0 min-w-44 rounded-xl border border-stone-200 bg-white p-1 text-stone-900 shadow-lg sm:inset-e-6"
      >
        <ul aria-label={t("languageSwitcher.label")}>
          {languages.map((lang) => {
            const link = linkTo(lang);
            return (
              <li key={lang}>
                <a
                  href={link.to}
                  hrefLang={lang}
                  lang={lang}
                  aria-current={link["aria-current"]}
                  className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-stone-800 outline-none hover:bg-stone-100 focus-visible:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span aria-hidden="true" className="w-6 text-xs font-bold text-stone-500">
                    {lang.toUpperCase()}
                  </span>
                  <span className="flex-1">{t(`languages.${lang}`)}</span>
                  {lang === current ? (
                    <Check className="size-4 text-brand-700" aria-hidden="true" />
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

/** The small screens' menu: a sheet with the signed-out links (what a static page shows everyone) and the session's actions. */
export function StaticMobileMenu() {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        {...invokes(id, "show-modal")}
      >
        <Menu className="size-6!" aria-hidden="true" />
      </Button>
      <dialog
        id={id}
        closedby="any"
        aria-labelledby={titleId}
        className="inset-auto inset-y-0 inset-e-0 m-0 h-dvh max-h-none w-full max-w-sm flex-col border-0 bg-stone-50 p-0 text-stone-900 shadow-2xl backdrop:bg-black/40 open:flex xl:hidden"
      >
        <div className="flex h-16 items-center justify-between border-b border-stone-200 bg-white px-4">
          <h2 id={titleId}>
            <span className="sr-only">{t("nav.menu")}</span>
            <Logo name={t("appName")} />
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("nav.closeMenu")}
            {...invokes(id, "close")}
          >
            <X className="size-6!" aria-hidden="true" />
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <nav aria-label={t("nav.main")}>
            <ul className="space-y-1">
              {signedOutLinks.map((item) => (
                <li key={item.label}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="space-y-4 border-t border-stone-200 bg-white p-4">
          <StaticSessionActions place="sheet" />
          <MenuLanguageRow />
        </div>
      </dialog>
    </>
  );
}
