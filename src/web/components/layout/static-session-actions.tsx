import { CircleUserRound, LayoutDashboard } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

// A static page (decision 025) is the same HTML for every visitor, so its header carries both
// the guest's actions and a signed-in visitor's, stacked in one grid cell: the cell is as wide
// as the wider of the two whichever shows, so nothing moves when the islands' script finds a
// session and marks <html data-session="signed-in"> (src/web/islands/account.ts).
// visibility:hidden also keeps the hidden set out of the tab order and the accessibility tree.

/** Two sets of actions in one place, the guest's shown until the page learns of a session. */
export function SessionStack({
  guest,
  signedIn,
  className,
}: {
  guest: ReactNode;
  signedIn: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid items-center justify-items-end", className)}>
      <div className="col-start-1 row-start-1 in-data-[session=signed-in]:invisible">{guest}</div>
      <div className="invisible col-start-1 row-start-1 in-data-[session=signed-in]:visible">
        {signedIn}
      </div>
    </div>
  );
}

/** The desktop header's account actions on a static page. */
export function StaticHeaderActions() {
  const { t } = useTranslation();
  return (
    <SessionStack
      guest={
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm">
            <LocalizedLink to="/signin">{t("nav.login")}</LocalizedLink>
          </Button>
          <Button asChild size="sm">
            <LocalizedLink to="/signup">{t("nav.signup")}</LocalizedLink>
          </Button>
        </div>
      }
      signedIn={
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm">
            <LocalizedLink to="/profile">
              <CircleUserRound aria-hidden="true" />
              {t("nav.profile")}
            </LocalizedLink>
          </Button>
          <Button asChild size="sm">
            <LocalizedLink to="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              {t("nav.dashboard")}
            </LocalizedLink>
          </Button>
        </div>
      }
    />
  );
}

/** The small screens' sheet: sign in and up, or the dashboard and the profile. */
export function StaticSheetActions({ guest }: { guest: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SessionStack
      className="justify-items-stretch"
      guest={guest}
      signedIn={
        <div className="grid grid-cols-2 gap-3">
          <Button asChild variant="secondary" size="lg">
            <LocalizedLink to="/profile">{t("nav.profile")}</LocalizedLink>
          </Button>
          <Button asChild size="lg">
            <LocalizedLink to="/dashboard">{t("nav.dashboard")}</LocalizedLink>
          </Button>
        </div>
      }
    />
  );
}
