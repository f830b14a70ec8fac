import { LogOut, Menu, X } from "lucide-react";
import * as Dialog from "radix-ui/dialog";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { SessionStatus } from "~/lib/use-session";
import { WorkspaceSwitcher } from "~/features/workspaces/components/workspace-switcher";
import { Button } from "../components/ui/button";
import { Logo } from "../components/layout/logo";
import { AccountButtons } from "../components/layout/account-buttons";
import { MenuLanguageRow } from "../components/layout/menu-sheet-parts";
import { MenuLink } from "../components/layout/menu-link";
import { actionLinks, signedInLinks, signedOutLinks } from "../components/layout/nav-items";
import { NavPlaceholder } from "../components/layout/nav-placeholder";

/**
 * The header's links for small screens, in a Radix dialog: focus is trapped, Escape and a
 * click outside close it, page scrolling is locked while open and restored on close/unmount.
 * It also closes on every navigation: it is open only for the location it was opened on.
 */
export interface MobileMenuProps {
  status: SessionStatus;
  onLogout: () => Promise<void>;
}

export function MobileMenu({
  status,
  onLogout,
  defaultOpen = false,
}: MobileMenuProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(defaultOpen ? location.key : null);
  const open = openedAt === location.key;
  const setOpen = (next: boolean) => setOpenedAt(next ? location.key : null);

  // Growing past the breakpoint hides the sheet; close it so the scroll lock goes too.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia("(min-width: 80rem)");
    const close = () => wide.matches && setOpenedAt(null);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("nav.openMenu")}>
          <Menu className="size-6!" aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in xl:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 inset-e-0 z-50 flex w-full max-w-sm flex-col bg-stone-50 shadow-2xl data-[state=open]:animate-slide-in-right xl:hidden rtl:data-[state=open]:animate-slide-in-left"
        >
          <div className="flex h-16 items-center justify-between border-b border-stone-200 bg-white px-4">
            <Dialog.Title asChild>
              <h2>
                <span className="sr-only">{t("nav.menu")}</span>
                <Logo name={t("appName")} />
              </h2>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("nav.closeMenu")}>
                <X className="size-6!" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>

          <div className="flex-1 overflow-y-auto px-3 py-4">
            {status === "loading" ? (
              <NavPlaceholder className="flex-col items-start px-3 py-2" />
            ) : (
              <nav aria-label={t("nav.main")}>
                <ul className="space-y-1">
                  {(status === "signed-in" ? signedInLinks : signedOutLinks).map((item) => (
                    <li key={item.label}>
                      <MenuLink item={item} />
                    </li>
                  ))}
                </ul>
                {status === "signed-in" ? (
                  <>
                    <h3 className="mt-6 px-3 pb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                      {t("nav.actions")}
                    </h3>
                    <ul className="space-y-1">
                      {actionLinks.map((item) => (
                        <li key={item.label}>
                          <MenuLink item={item} />
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </nav>
            )}
          </div>

          <div className="space-y-4 border-t border-stone-200 bg-white p-4">
            {status === "signed-in" ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <WorkspaceSwitcher />
                <Button variant="secondary" onClick={() => void onLogout()}>
                  <LogOut aria-hidden="true" />
                  {t("nav.logout")}
                </Button>
              </div>
            ) : status === "signed-out" ? (
              <AccountButtons pair="guest" place="sheet" />
            ) : null}
            <MenuLanguageRow />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
