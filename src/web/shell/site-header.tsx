import { ExternalLink as ExternalIcon, LogOut, Menu } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useStaticPage } from "~/app/static-page";
import { useSession } from "~/lib/use-session";
import { ExternalLink, LocalizedLink, LocalizedNavLink } from "../components/localized-link";
import { Button } from "../components/ui/button";
import { cn } from "../components/ui/cn";
import { Container } from "../components/ui/container";
import { OnDemand, onDemand } from "../components/ui/on-demand";
import { AccountButtons } from "../components/layout/account-buttons";
import { ActionsTriggerFace, actionsTriggerClasses } from "../components/layout/actions-trigger";
import { headerLinkClasses } from "../components/layout/header-links";
import { LanguageSwitcher } from "../components/layout/language-switcher";
import { Logo } from "../components/layout/logo";
import { NavPlaceholder } from "../components/layout/nav-placeholder";
import { signedInLinks, signedOutLinks, type NavItem } from "../components/layout/nav-items";
import { StaticLanguageMenu, StaticMobileMenu } from "../components/layout/static-menus";
import { StaticSessionActions } from "../components/layout/static-session-actions";
import { useLogout } from "../components/layout/use-logout";
import { useScrolled } from "../components/layout/use-scrolled";
import type { MobileMenuProps } from "./mobile-menu";

// Signed-in only, so not on a public page's first load (issue 12): the switcher's stand-in comes
// with the session, its menu (Radix) and the Actions menu's when first opened or approached.
const actionsMenu = onDemand<object>(() =>
  import("../components/layout/actions-menu").then((m) => m.ActionsMenu),
);
const WorkspaceSwitcher = lazy(() =>
  import("~/features/workspaces/components/workspace-switcher").then((m) => ({
    default: m.WorkspaceSwitcher,
  })),
);
// the small screens' menu sheet (Radix dialog) loads when first opened
const mobileMenu = onDemand<MobileMenuProps>(() =>
  import("./mobile-menu").then((m) => m.MobileMenu),
);

const activeClasses = "bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-900";

function DesktopLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  if ("href" in item) {
    return (
      <ExternalLink href={item.href} className={headerLinkClasses} newTabLabel={t("opensInNewTab")}>
        {t(`nav.${item.label}`)}
        <ExternalIcon className="size-3.5 text-stone-400" aria-hidden="true" />
      </ExternalLink>
    );
  }
  return (
    <LocalizedNavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) => cn(headerLinkClasses, isActive && activeClasses)}
    >
      <Icon className="size-4 text-current opacity-70" aria-hidden="true" />
      {t(`nav.${item.label}`)}
    </LocalizedNavLink>
  );
}

/**
 * A static page (decision 025) is the same HTML for every visitor and runs no React: it shows the
 * signed-out links with native menus, and both the guest's and the signed-in visitor's actions,
 * of which the islands' script shows the session's (static-session-actions.tsx).
 */
export function SiteHeader() {
  const { t } = useTranslation();
  // a static page exists only in the prerender: `import.meta.env.SSR &&` leaves its native
  // menus (static-menus.tsx) out of the browser's bundle
  const staticPage = useStaticPage();
  const session = useSession();
  const status = staticPage ? "signed-out" : session.status;
  const scrolled = useScrolled(10);
  const logout = useLogout();

  // data-scrolled is also what the static pages' islands set (src/web/islands)
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 border-b border-transparent bg-transparent transition-[background-color,border-color,box-shadow] duration-200",
        "data-[scrolled=true]:border-stone-200 data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-sm data-[scrolled=true]:backdrop-blur data-[scrolled=true]:supports-[backdrop-filter]:bg-white/85",
      )}
    >
      <Container size="wide" className="flex h-16 items-center gap-4">
        <LocalizedLink
          to="/"
          className="rounded-lg"
          aria-label={`${t("appName")} – ${t("nav.home")}`}
        >
          <Logo name={t("appName")} />
        </LocalizedLink>

        <nav aria-label={t("nav.main")} className="ms-2 hidden flex-1 items-center xl:flex">
          {status === "loading" ? (
            <NavPlaceholder className="ms-4" />
          ) : (
            <ul className="flex items-center gap-0.5">
              {(status === "signed-in" ? signedInLinks : signedOutLinks).map((item) => (
                <li key={item.label}>
                  <DesktopLink item={item} />
                </li>
              ))}
              {status === "signed-in" ? (
                <li>
                  <OnDemand
                    module={actionsMenu}
                    props={{}}
                    trigger={(intent) => (
                      <button
                        type="button"
                        aria-haspopup="menu"
                        {...intent}
                        className={actionsTriggerClasses}
                      >
                        <ActionsTriggerFace />
                      </button>
                    )}
                  />
                </li>
              ) : null}
            </ul>
          )}
        </nav>

        <div className="ms-auto hidden items-center gap-2 xl:flex">
          {status === "signed-in" ? (
            <>
              <Suspense fallback={null}>
                <WorkspaceSwitcher />
              </Suspense>
              <Button variant="ghost" size="sm" onClick={() => void logout()}>
                <LogOut aria-hidden="true" />
                {t("nav.logout")}
              </Button>
            </>
          ) : import.meta.env.SSR && staticPage ? (
            <StaticSessionActions place="header" />
          ) : status === "signed-out" ? (
            <AccountButtons pair="guest" place="header" />
          ) : null}
          {import.meta.env.SSR && staticPage ? <StaticLanguageMenu /> : <LanguageSwitcher />}
        </div>

        <div className="ms-auto flex items-center gap-1 xl:hidden">
          {import.meta.env.SSR && staticPage ? (
            <>
              <StaticLanguageMenu />
              <StaticMobileMenu />
            </>
          ) : (
            <>
              <LanguageSwitcher />
              <OnDemand
                module={mobileMenu}
                props={{ status, onLogout: logout }}
                trigger={(intent) => (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("nav.openMenu")}
                    aria-haspopup="dialog"
                    {...intent}
                  >
                    <Menu className="size-6!" aria-hidden="true" />
                  </Button>
                )}
              />
            </>
          )}
        </div>
      </Container>
    </header>
  );
}
