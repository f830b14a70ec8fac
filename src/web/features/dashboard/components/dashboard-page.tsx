import { useQuery } from "@tanstack/react-query";
import { Calculator, CalendarDays, Crown, Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { fetchMe, meQueryKey } from "~/features/profile/api/me-api";
import { useWorkspaces } from "~/features/workspaces/hooks/use-workspaces";

/**
 * Spec §2 "Dashboard", first cut: the frame, the upgrade button and empty cards. The nisab
 * status, timeline and recent-calculation cards replace these in later issues.
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  // The greeting uses the profile's name (editable on /profile), shared with the profile page.
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });
  const name = me.data?.profile.fullName?.trim();
  const { current } = useWorkspaces();

  return (
    <Container className="py-8 sm:py-12" data-testid="dashboard-page">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {t("title")}
          </h1>
          <p className="mt-1 text-stone-600">
            {name ? t("subtitleNamed", { name }) : t("subtitle")}
          </p>
          {current && (
            <p className="mt-1 text-sm text-stone-500" data-testid="dashboard-workspace">
              {t("workspace", { name: current.name })}
            </p>
          )}
        </div>
        <LocalizedLink
          to="/pricing"
          className={buttonClasses({ variant: "gold" })}
          data-testid="upgrade-plan"
        >
          <Crown aria-hidden="true" />
          {t("upgrade")}
        </LocalizedLink>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card data-testid="nisab-card">
          <section aria-labelledby="dash-nisab">
            <CardTitle as="h2" id="dash-nisab" className="flex items-center gap-2">
              <Gauge aria-hidden="true" className="size-5 text-brand-700" />
              {t("nisabTitle")}
            </CardTitle>
            <p className="mt-3 text-sm leading-6 text-stone-600">{t("nisabEmpty")}</p>
            <LocalizedLink
              to="/nisab"
              className={buttonClasses({ variant: "link", className: "mt-4 text-sm" })}
            >
              {t("nisabLink")}
            </LocalizedLink>
          </section>
        </Card>

        <Card data-testid="timeline-card">
          <section aria-labelledby="dash-timeline">
            <CardTitle as="h2" id="dash-timeline" className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
              {t("timelineTitle")}
            </CardTitle>
            <p className="mt-3 text-sm leading-6 text-stone-600">{t("timelineEmpty")}</p>
            <LocalizedLink
              to="/calendar"
              className={buttonClasses({ variant: "link", className: "mt-4 text-sm" })}
            >
              {t("timelineLink")}
            </LocalizedLink>
          </section>
        </Card>

        <Card className="md:col-span-2" data-testid="recent-calculations-card">
          <section aria-labelledby="dash-recent">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle as="h2" id="dash-recent" className="flex items-center gap-2">
                <Calculator aria-hidden="true" className="size-5 text-brand-700" />
                {t("recentTitle")}
              </CardTitle>
              <LocalizedLink
                to="/calculator-history"
                className={buttonClasses({ variant: "link", className: "text-sm" })}
              >
                {t("viewAll")}
              </LocalizedLink>
            </div>
            <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center">
              <p className="font-semibold text-stone-900" data-testid="recent-empty">
                {t("recentEmpty")}
              </p>
              <p className="max-w-md text-sm leading-6 text-stone-600">{t("recentEmptyHelp")}</p>
              <LocalizedLink
                to="/calculator"
                className={buttonClasses({ className: "mt-2" })}
                data-testid="create-first"
              >
                {t("createFirst")}
              </LocalizedLink>
            </div>
          </section>
        </Card>
      </div>
    </Container>
  );
}
