import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { elapsedHijri, zakatYearStatus } from "#domain/hawl/index.ts";
import { useFormatElapsed } from "~/features/tracker";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useZakatData } from "~/features/tracker";
import { ProgressRing } from "~/features/tracker";
import { formatDayLong, formatHijriDay, relativeDay, useToday } from "~/features/tracker";
import { useWorkspaces } from "~/lib/use-workspaces";
import { formatMoney } from "~/lib/format";
import { CardLoadError } from "./card-load-error";
import { RecordCalculationOffer } from "./record-calculation-offer";
import { Bar, Reserved } from "./reserved";

/**
 * Spec "Dashboard": the nisab status card. The nisab date, how long ago it was, the Hijri time
 * elapsed since, the zakat year's progress as a green ring (gray while below the nisab), the
 * totals of the records in the workspace's currency (said so, with the latest calculation's
 * zakat offered as a record when it is not one yet), and a link to the full tracker.
 */
export function NisabStatusCard() {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const formatElapsed = useFormatElapsed();
  const today = useToday();
  const { status, current } = useWorkspaces();
  const query = useZakatData(current?.id ?? null);
  const data = query.data;

  // waiting for the workspaces or this workspace's data: the skeleton alone
  const ready = current ? !query.isPending : status !== "loading";
  let body: React.ReactNode = null;
  if (!current) {
    body = <p className="text-sm leading-6 text-stone-600">{t("nisabNoWorkspace")}</p>;
  } else if (query.isPending) {
    body = null;
  } else if (query.isError || !data) {
    body = <CardLoadError testId="nisab-card-error" onRetry={() => void query.refetch()} />;
  } else if (data.nissabDate === null) {
    body = (
      <p className="text-sm leading-6 text-stone-600" data-testid="nisab-card-empty">
        {t("nisabEmpty")}
      </p>
    );
  } else {
    const year = zakatYearStatus(
      data.milestones,
      data.settings.hawlRule,
      today,
      data.settings.yearBasis,
    );
    const below = data.thresholdStatus === "below";
    // the year's due date, while it has one: a year a fall below nisab ended (majority rule,
    // progress reset) has none; under the Hanafi rule a dip keeps it
    const due =
      year.kind === "running" ||
      year.kind === "complete" ||
      (year.kind === "paused" && year.elapsedDays > 0 && today < year.end)
        ? year.end
        : null;
    const money = (wire: string) => formatMoney(wire, data.settings.currency, lang);
    body = (
      <>
        <div className={nisabLayout}>
          <ProgressRing
            percentage={year.kind === "not-set" ? 0 : year.progress}
            label={t("nisabProgress")}
            className="self-center sm:self-start"
          />
          <dl className={nisabFields}>
            <div>
              <dt className="text-stone-500">{below ? t("nisabBelowSince") : t("nisabDate")}</dt>
              <dd className="font-medium text-stone-900" data-testid="nisab-card-date">
                <time dateTime={data.nissabDate}>{formatDayLong(data.nissabDate, lang)}</time>
                <span className="font-normal text-stone-600">
                  {" "}
                  · {formatHijriDay(data.nissabDate, lang)}
                </span>
              </dd>
              <dd className="text-stone-600" data-testid="nisab-card-relative">
                {relativeDay(data.nissabDate, today, lang)}
              </dd>
            </div>
            {due !== null && (
              <div>
                <dt className="text-stone-500">
                  {due > today ? t("nisabNextDue") : t("nisabDueSince")}
                </dt>
                <dd className="font-medium text-stone-900" data-testid="nisab-card-next-due">
                  <time dateTime={due}>{formatDayLong(due, lang)}</time>
                  <span className="font-normal text-stone-600"> · {formatHijriDay(due, lang)}</span>
                </dd>
                <dd className="text-stone-600">{relativeDay(due, today, lang)}</dd>
              </div>
            )}
            <div>
              <dt className="text-stone-500">{t("nisabElapsed")}</dt>
              <dd className="font-medium text-stone-900" data-testid="nisab-card-elapsed">
                {formatElapsed(elapsedHijri(data.nissabDate, today))}
              </dd>
            </div>
            {/* side by side, as direct groups of the dl (a dl holds only dt/dd and their divs) */}
            <div>
              <dt className="text-stone-500">{t("totalDue")}</dt>
              <dd className="font-medium text-stone-900" data-testid="nisab-card-due">
                {money(data.totalDue)}
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">{t("totalPaid")}</dt>
              <dd className="font-medium text-stone-900" data-testid="nisab-card-paid">
                {money(data.totalPaid)}
              </dd>
            </div>
          </dl>
        </div>
        {/* the totals count the tracker's records, not calculations (issue 30) */}
        <p className="mt-3 text-xs text-stone-500" data-testid="nisab-card-totals-source">
          {t("totalsSource")}
        </p>
        <RecordCalculationOffer workspaceId={current.id} data={data} />
      </>
    );
  }

  return (
    <Card data-testid="nisab-card">
      <section aria-labelledby="dash-nisab">
        <CardTitle as="h2" id="dash-nisab" className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="size-5 text-brand-700" />
          {t("nisabTitle")}
        </CardTitle>
        <Reserved
          className="mt-4"
          ready={ready}
          loadingLabel={t("loading")}
          skeleton={<NisabSkeleton />}
        >
          {body}
        </Reserved>
        <LocalizedLink
          to="/nisab"
          className={buttonClasses({ variant: "link", className: "mt-4 text-sm" })}
          data-testid="nisab-card-link"
        >
          {t("nisabLink")}
        </LocalizedLink>
      </section>
    </Card>
  );
}

const nisabLayout = "flex flex-col gap-5 sm:flex-row sm:items-start";
const nisabFields =
  "grid min-w-0 flex-1 grid-cols-2 gap-x-6 gap-y-3 text-sm [&>div]:col-span-2 [&>div:nth-last-child(-n+2)]:col-span-1";

/** The settled card's shape (a running year): the ring, the labels, a bar for each value. */
function NisabSkeleton() {
  const { t } = useTranslation("dashboard");
  const field = (label: string, bars: string[]) => (
    <div>
      <p className="text-stone-500">{label}</p>
      {bars.map((width, i) => (
        <Bar key={i} className={width} />
      ))}
    </div>
  );
  return (
    <div className={nisabLayout}>
      <span className="size-30 shrink-0 self-center rounded-full border-8 border-stone-200 sm:self-start" />
      <div className={nisabFields}>
        {field(t("nisabDate"), ["w-48", "w-20"])}
        {field(t("nisabNextDue"), ["w-48", "w-20"])}
        {field(t("nisabElapsed"), ["w-28"])}
        {field(t("totalDue"), ["w-16"])}
        {field(t("totalPaid"), ["w-16"])}
      </div>
    </div>
  );
}
