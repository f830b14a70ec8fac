import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Crown, Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { fetchMe, meQueryKey } from "~/features/profile/api/me-api";
import { useWorkspaces } from "~/features/workspaces/hooks/use-workspaces";
import { RecentCalculationsCard } from "./recent-calculations-card";

/**
 * Spec §2 "Dashboard": the frame, the upgrade button, the recent calculations card, and empty
 * nisab status and timeline cards (those arrive with the nisab tracker).
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

        <RecentCalculationsCard />
      </div>
    </Container>
  );
}
