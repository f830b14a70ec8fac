import { Calculator, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useLatestCalculations } from "~/features/history";
import { CalculationList } from "~/features/history";
import { useWorkspaces } from "~/lib/use-workspaces";
import { recentCalculationsCount } from "../lib/recent-count";
import { Bar } from "./reserved";

/** The dashboard's recent calculations of the current workspace, with Load and Delete. */
export function RecentCalculationsCard() {
  const { t } = useTranslation("dashboard");
  const { t: th } = useTranslation("history");
  const { status, current } = useWorkspaces();
  const workspaceId = current?.id ?? null;
  const query = useLatestCalculations(workspaceId, recentCalculationsCount);
  const calculations = query.data?.calculations ?? [];

  let body: React.ReactNode;
  if (!current) {
    body =
      status === "loading" ? (
        <Loading label={th("loading")} />
      ) : (
        <p className="mt-4 text-sm leading-6 text-stone-600" data-testid="recent-no-workspace">
          {status === "error" ? th("workspacesFailed") : th("noWorkspaceHelp")}
        </p>
      );
  } else if (query.isPending) {
    body = <Loading label={th("loading")} />;
  } else if (query.isError) {
    body = (
      <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="recent-error">
        <p role="alert" className="text-sm text-red-800">
          {th("loadFailed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {th("retry")}
        </Button>
      </div>
    );
  } else if (calculations.length === 0) {
    body = (
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
    );
  } else {
    body = (
      <>
        <CalculationList
          className="mt-2"
          workspaceId={current.id}
          calculations={calculations}
          label={t("recentTitle")}
        />
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          <LocalizedLink
            to="/calculator-history"
            className={buttonClasses({ variant: "secondary", size: "sm" })}
            data-testid="recent-view-all"
          >
            {t("viewAll")}
          </LocalizedLink>
          <LocalizedLink
            to="/calculator?new=1"
            className={buttonClasses({ size: "sm" })}
            data-testid="recent-new"
          >
            <Plus aria-hidden="true" />
            {t("newCalculation")}
          </LocalizedLink>
        </div>
      </>
    );
  }

  return (
    // the height of its settled content while it loads: nothing below jumps (issue 12)
    <Card className="min-h-80 md:col-span-2" data-testid="recent-calculations-card">
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
        {body}
      </section>
    </Card>
  );
}

/** The settled card's shape while it loads: five calculations and the buttons below them. */
function Loading({ label }: { label: string }) {
  const button = "h-9 rounded-lg bg-stone-100";
  return (
    <div data-testid="recent-loading">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true">
        <div className="mt-2 divide-y divide-stone-200">
          {Array.from({ length: recentCalculationsCount }, (_, i) => (
            <div
              key={i}
              className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <Bar tall className="w-44" />
                <div className="mt-1">
                  <Bar className="w-56" />
                </div>
              </div>
              <div className="flex gap-2">
                <span className={`${button} w-16`} />
                <span className={`${button} w-20`} />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-4 flex gap-2 border-t border-stone-200 pt-4">
          <span className={`${button} w-24`} />
          <span className={`${button} w-40`} />
        </div>
      </div>
    </div>
  );
}
