import { useQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { fetchMe, meQueryKey } from "~/features/profile";
import { ReceivedInvitationsCard } from "~/features/workspaces";
import { StatementCard } from "~/features/tracker";
import { useWorkspaces } from "~/lib/use-workspaces";
import { NisabStatusCard } from "./nisab-status-card";
import { RecentCalculationsCard } from "./recent-calculations-card";
import { TimelineCard } from "./timeline-card";

/**
 * Spec §2 "Dashboard": the frame, the upgrade button, the invitations waiting for an answer
 * (issue 10; nothing when none), the nisab status card, the zakat timeline card and the recent
 * calculations card, and the latest zakat years' statements (issue 33).
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  // The greeting uses the profile's name (editable on /profile), shared with the profile page.
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });
  const name = me.data?.profile.fullName?.trim();
  const { current } = useWorkspaces();
  const pro = me.data?.plan === "pro";

  return (
    <Container className="py-8 sm:py-12" data-testid="dashboard-page">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {t("title")}
          </h1>
          {/* two lines held on small screens, where the greeting with a name wraps: it arrives
              with the profile, after the page (issue 12, no layout shift) */}
          <p className="mt-1 min-h-12 text-stone-600 sm:min-h-6">
            {name ? t("subtitleNamed", { name }) : t("subtitle")}
          </p>
          {/* the line is there (empty) while the workspaces load, so nothing below moves */}
          <p className="mt-1 min-h-5 text-sm text-stone-500" data-testid="dashboard-workspace">
            {current ? t("workspace", { name: current.name }) : null}
          </p>
        </div>
        {/* Pro has nothing to upgrade to: it sees its plan and where to manage it (issue 30).
            Held invisible until the plan is known, so nobody is told the wrong thing. */}
        <LocalizedLink
          to={pro ? "/profile#profile-account" : "/pricing"}
          className={buttonClasses({
            variant: pro ? "secondary" : "gold",
            className: me.isPending ? "invisible" : "",
          })}
          data-testid={pro ? "manage-plan" : "upgrade-plan"}
        >
          <Crown aria-hidden="true" />
          {pro ? t("managePlan") : t("upgrade")}
        </LocalizedLink>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <ReceivedInvitationsCard />
        <NisabStatusCard />
        <TimelineCard />
        <RecentCalculationsCard />
        {/* the latest two years' statements (issue 33): the current year may have no
            calculation yet while last year's is ready; the tracker and the history offer more */}
        {current && <StatementCard workspaceId={current.id} years={2} />}
      </div>
    </Container>
  );
}
