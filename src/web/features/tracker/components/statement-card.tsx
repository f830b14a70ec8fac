import { Download, FileText } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StatementYearDto } from "#contracts/statements.ts";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/page-spinner";
import { selectClasses } from "~/components/ui/select-field";
import { ApiError } from "~/lib/api-client";
import { useErrorMessageLater } from "~/lib/error-message";
import { downloadStatement, useStatements, type StatementsView } from "../api/statements-api";
import { formatDayLong } from "../lib/dates";

/**
 * The zakat statement (issue 33), on the nisab tracker, the history and the dashboard: a PDF per
 * zakat year to download, resting on the year's calculation the member picks (the one nearest
 * to the due date first), or, on the free plan, what a statement holds and the way to a plan
 * that includes it. `years`: how many of the latest years it offers; older ones stay one request
 * away (GET …/statements).
 */
export function StatementCard({
  workspaceId,
  className,
  years: shownYears = 3,
}: {
  workspaceId: string;
  className?: string;
  years?: number;
}) {
  const { t } = useTranslation("statement");
  const lang = useLanguage();
  const id = useId();
  const query = useStatements(workspaceId, lang);

  return (
    <Card className={className} data-testid="statement-card">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5" />
          {t("action.title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("action.intro")}</CardDescription>
        <div className="mt-4 space-y-3 text-sm">
          {query.isPending && <Spinner />}
          {query.isError && <p role="alert">{t("action.loadFailed")}</p>}
          {query.data && !query.data.included && (
            <div data-testid="statement-upgrade">
              <p className="leading-6 text-stone-600">{t("action.contents")}</p>
              <p className="mt-2 font-medium">{t("action.upgrade")}</p>
              <LocalizedLink
                to="/pricing"
                className={buttonClasses({ variant: "link", className: "mt-1" })}
                data-testid="statement-plans"
              >
                {t("action.upgradeLink")}
              </LocalizedLink>
            </div>
          )}
          {query.data?.included && query.data.years.length === 0 && <p>{t("action.noYears")}</p>}
          {query.data?.included && query.data.years.length > 0 && (
            <ul className="space-y-4">
              {query.data.years.slice(0, shownYears).map((year) => (
                <StatementYear key={year.due} year={year} view={query.data} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}

/** "No calculation for this year yet" and the way to the calculator (STATEMENT_NO_CALCULATION). */
function NoCalculation() {
  const { t } = useTranslation("statement");
  return (
    <p data-testid="statement-no-calculation">
      {t("action.noCalculation")}{" "}
      <LocalizedLink to="/calculator?new=1" className={buttonClasses({ variant: "link" })}>
        {t("action.noCalculationLink")}
      </LocalizedLink>
    </p>
  );
}

function StatementYear({ year, view }: { year: StatementYearDto; view: StatementsView }) {
  const { t } = useTranslation("statement");
  const lang = useLanguage();
  const id = useId();
  const errorText = useErrorMessageLater();
  const [picked, setPicked] = useState(year.calculationId ?? "");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<"noCalculation" | string | null>(null);
  const calculation = year.calculations.some((c) => c.id === picked) ? picked : year.calculationId;
  // the default calculation rides on the plain address: the server picks the same one
  const href = view.pdfHref(
    year.due,
    calculation && calculation !== year.calculationId ? calculation : undefined,
  );

  const download = async (event: React.MouseEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await downloadStatement(href);
    } catch (error) {
      if (error instanceof ApiError && error.code === "STATEMENT_NO_CALCULATION")
        setFailure("noCalculation");
      else setFailure(await errorText(error, t("action.downloadFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li data-testid="statement-year">
      {calculation ? (
        <>
          {year.calculations.length > 1 && (
            <div className="mb-2 max-w-sm space-y-1">
              <label htmlFor={`${id}-calculation`} className="block text-xs text-stone-600">
                {t("action.pickCalculation")}
              </label>
              <select
                id={`${id}-calculation`}
                className={selectClasses}
                value={calculation}
                onChange={(event) => setPicked(event.target.value)}
                data-testid="statement-calculation"
              >
                {year.calculations.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t("action.calculationOption", {
                      name: c.name,
                      date: formatDayLong(c.calculationDate, lang),
                    })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <a
            href={href}
            download
            onClick={download}
            aria-busy={busy || undefined}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
            data-testid="statement-download"
          >
            {busy ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
            {t("action.download", { hijriYear: year.hijriYear })}
          </a>
        </>
      ) : (
        <NoCalculation />
      )}
      {failure === "noCalculation" && (
        <div role="alert" className="mt-1">
          <NoCalculation />
        </div>
      )}
      {failure !== null && failure !== "noCalculation" && (
        <p role="alert" className="mt-1 text-red-700">
          {failure}
        </p>
      )}
      <p className="mt-1 text-xs text-stone-500">
        {t("action.downloadFor", { date: formatDayLong(year.due, lang) })}
      </p>
    </li>
  );
}
