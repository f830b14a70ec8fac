import {
  ArrowLeft,
  CalendarDays,
  Calculator,
  CircleUserRound,
  Code,
  FileClock,
  Hourglass,
  LayoutDashboard,
  MailCheck,
  MoonStar,
  PanelsTopLeft,
  Settings,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { pages } from "../../contracts/web-routes";
import type { PageName } from "~/app/i18n-resources";
import { LocalizedLink } from "./localized-link";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Container } from "./ui/container";

const icons: Partial<Record<PageName, LucideIcon>> = {
  calculator: Calculator,
  embedGenerator: Code,
  embedManager: PanelsTopLeft,
  embedCalculator: Calculator,
  nisab: MoonStar,
  calculatorHistory: FileClock,
  calendar: CalendarDays,
  workspaceSettings: Settings,
  acceptInvitation: UserPlus,
  dashboard: LayoutDashboard,
  profile: CircleUserRound,
  verifyEmail: MailCheck,
};

/** "calculator-history" or "calculatorHistory" -> "calculatorHistory". */
export function pageNameOf(name: string): PageName {
  return name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as PageName;
}

/**
 * The honest placeholder of a screen that is not built yet: its title, one sentence of what it
 * will do, and a way back. Renders inside the app layout (no <main> of its own).
 */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  const page = pageNameOf(name);
  const Icon = icons[page] ?? Hourglass;
  const isPrivate = pages.find((p) => p.name === page)?.access === "protected";
  const backToDashboard = isPrivate && page !== "dashboard";

  return (
    <section data-page={name} className="relative flex flex-1 items-center overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-brand-100 via-gold-50 to-transparent opacity-70 blur-3xl"
      />
      <Container size="narrow" className="py-16 sm:py-24">
        <div className="mx-auto max-w-xl rounded-3xl border border-stone-200 bg-white/90 p-8 text-center shadow-sm sm:p-12">
          <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Icon className="size-8" aria-hidden="true" />
          </div>
          <Badge tone="gold" className="mt-6">
            <Hourglass className="size-3.5" aria-hidden="true" />
            {t("comingSoon.badge")}
          </Badge>
          <h1 className="mt-4 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
            {t(`pages.${page}.title`)}
          </h1>
          <p className="mt-4 text-lg leading-8 text-stone-700">{t(`comingSoon.pages.${page}`)}</p>
          <p className="mt-3 text-sm leading-6 text-stone-500">{t("comingSoon.note")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <LocalizedLink to={backToDashboard ? "/dashboard" : "/"}>
                <ArrowLeft aria-hidden="true" />
                {backToDashboard ? t("actions.backToDashboard") : t("actions.backHome")}
              </LocalizedLink>
            </Button>
            {page !== "calculator" ? (
              <Button asChild variant="secondary" size="lg">
                <LocalizedLink to="/calculator">
                  <Calculator aria-hidden="true" />
                  {t("comingSoon.tryCalculator")}
                </LocalizedLink>
              </Button>
            ) : null}
          </div>
        </div>
      </Container>
    </section>
  );
}
