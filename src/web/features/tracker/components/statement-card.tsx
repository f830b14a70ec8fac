import { Download, FileText } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/page-spinner";
import { useStatements } from "../api/statements-api";
import { formatDayLong } from "../lib/dates";

/** The latest years offered; older ones stay one request away (GET …/statements). */
const shownYears = 3;

/**
 * The zakat statement (issue 33): a PDF per zakat year to download, or, on the free plan, what
 * a statement holds and the way to a plan that includes it.
 */
export function StatementCard({
  workspaceId,
  className,
}: {
  workspaceId: string;
  className?: string;
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
            <ul className="space-y-3">
              {query.data.years.slice(0, shownYears).map((year) => (
                <li key={year.due} data-testid="statement-year">
                  {year.calculationId ? (
                    <a
                      href={query.data.pdfHref(year.due)}
                      download
                      className={buttonClasses({ variant: "secondary", size: "sm" })}
                      data-testid="statement-download"
                    >
                      <Download aria-hidden="true" />
                      {t("action.download", { hijriYear: year.hijriYear })}
                    </a>
                  ) : (
                    <p>
                      {t("action.noCalculation")}{" "}
                      <LocalizedLink
                        to="/calculator?new=1"
                        className={buttonClasses({ variant: "link" })}
                      >
                        {t("action.noCalculationLink")}
                      </LocalizedLink>
                    </p>
                  )}
                  <p className="mt-1 text-xs text-stone-500">
                    {t("action.downloadFor", { date: formatDayLong(year.due, lang) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
