import { useTranslation } from "react-i18next";
import { LocalizedLink } from "../localized-link";
import { Button } from "../ui/button";

// The pairs of account links the header and the menu sheets show: the guest's (Sign in, Sign up)
// and, on a static page, a signed-in visitor's (My profile, Dashboard). A quiet button, then
// the main one.

type Pair = "guest" | "signed-in";

const pairs = {
  guest: [
    { to: "/signin", label: "nav.login" },
    { to: "/signup", label: "nav.signup" },
  ],
  "signed-in": [
    { to: "/profile", label: "nav.profile" },
    { to: "/dashboard", label: "nav.dashboard" },
  ],
} as const satisfies Record<Pair, readonly { to: string; label: string }[]>;

/** The header's (small, the first one ghost) or a sheet's (large, side by side) pair. */
export function AccountButtons({ pair, place }: { pair: Pair; place: "header" | "sheet" }) {
  const { t } = useTranslation();
  const [quiet, main] = pairs[pair];
  const size = place === "header" ? "sm" : "lg";
  return (
    <div className={place === "header" ? "flex items-center gap-2" : "grid grid-cols-2 gap-3"}>
      <Button asChild variant={place === "header" ? "ghost" : "secondary"} size={size}>
        <LocalizedLink to={quiet.to}>{t(quiet.label)}</LocalizedLink>
      </Button>
      <Button asChild size={size}>
        <LocalizedLink to={main.to}>{t(main.label)}</LocalizedLink>
      </Button>
    </div>
  );
}
