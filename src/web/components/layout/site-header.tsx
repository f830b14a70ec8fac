import { ChevronDown, ExternalLink as ExternalIcon, LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSession } from "~/features/auth/hooks/use-session";
import { WorkspaceSwitcher } from "~/features/workspaces/components/workspace-switcher";
import { ExternalLink, LocalizedLink, LocalizedNavLink } from "../localized-link";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Container } from "../ui/container";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NavPlaceholder } from "./nav-placeholder";
import { actionLinks, signedInLinks, signedOutLinks, type NavItem } from "./nav-items";
import { useLogout } from "./use-logout";
import { useScrolled } from "./use-scrolled";

const linkClasses =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-950";
const activeClasses = "bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-900";

function DesktopLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  if ("href" in item) {
    return (
      <ExternalLink href={item.href} className={linkClasses} newTabLabel={t("opensInNewTab")}>
        {t(`nav.${item.label}`)}
        <ExternalIcon className="size-3.5 text-stone-400" aria-hidden="true" />
      </ExternalLink>
    );
  }
  return (
    <LocalizedNavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) => cn(linkClasses, isActive && activeClasses)}
    >
      <Icon className="size-4 text-current opacity-70" aria-hidden="true" />
      {t(`nav.${item.label}`)}
    </LocalizedNavLink>
  );
}

function ActionsMenu() {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(linkClasses, "data-[state=open]:bg-stone-100")}>
        {t("nav.actions")}
        <ChevronDown className="size-3.5 text-stone-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {actionLinks.map((item) => {
          const Icon = item.icon;
          return (
            <DropdownMenuItem key={item.label} asChild>
              {"href" in item ? (
                <ExternalLink href={item.href} newTabLabel={t("opensInNewTab")}>
                  <Icon aria-hidden="true" />
                  <span className="flex-1">{t(`nav.${item.label}`)}</span>
                  <ExternalIcon className="size-3.5" aria-hidden="true" />
                </ExternalLink>
              ) : (
                <LocalizedLink to={item.to}>
                  <Icon aria-hidden="true" />
                  {t(`nav.${item.label}`)}
                </LocalizedLink>
              )}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { status } = useSession();
  const scrolled = useScrolled(10);
  const logout = useLogout();

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200",
        scrolled
          ? "border-stone-200 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85"
          : "border-transparent bg-transparent",
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

        <nav aria-label={t("nav.main")} className="ml-2 hidden flex-1 items-center xl:flex">
          {status === "loading" ? (
            <NavPlaceholder className="ml-4" />
          ) : (
            <ul className="flex items-center gap-0.5">
              {(status === "signed-in" ? signedInLinks : signedOutLinks).map((item) => (
                <li key={item.label}>
                  <DesktopLink item={item} />
                </li>
              ))}
              {status === "signed-in" ? (
                <li>
                  <ActionsMenu />
                </li>
              ) : null}
            </ul>
          )}
        </nav>

        <div className="ml-auto hidden items-center gap-2 xl:flex">
          {status === "signed-in" ? (
            <>
              <WorkspaceSwitcher />
              <Button variant="ghost" size="sm" onClick={() => void logout()}>
                <LogOut aria-hidden="true" />
                {t("nav.logout")}
              </Button>
            </>
          ) : status === "signed-out" ? (
            <>
              <Button asChild variant="ghost" size="sm">
                <LocalizedLink to="/signin">{t("nav.login")}</LocalizedLink>
              </Button>
              <Button asChild size="sm">
                <LocalizedLink to="/signup">{t("nav.signup")}</LocalizedLink>
              </Button>
            </>
          ) : null}
          <LanguageSwitcher />
        </div>

        <div className="ml-auto flex items-center gap-1 xl:hidden">
          <LanguageSwitcher />
          <MobileMenu status={status} onLogout={logout} />
        </div>
      </Container>
    </header>
  );
}
