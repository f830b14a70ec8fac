import { Loader2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CalculationSummary } from "#contracts/calculations.ts";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { useLatestCalculations } from "~/features/history";
import { formatDay, formatMoney } from "~/lib/format";

/** How many of the workspace's calculations the manager shows (the rest: history). */
const latestSaved = 5;

/** "Saved in <workspace>": its latest calculations, each opened with ?load={id}. */
export function WorkspaceCalculations({
  workspace,
  lang,
  openId,
  onOpen,
}: {
  workspace: { id: string; name: string };
  lang: Language;
  /** the saved calculation open in the calculator now */
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation("calculator");
  const headingId = useId();
  const query = useLatestCalculations(workspace.id, latestSaved);

  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="session-workspace">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold break-words text-stone-900">
          {t("sessions.workspaceTitle", { workspace: workspace.name })}
        </h3>
        <LocalizedLink
          to="/calculator-history"
          className={buttonClasses({ variant: "link", className: "text-sm" })}
        >
          {t("sessions.history")}
        </LocalizedLink>
      </div>
      {query.isPending ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-stone-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("sessions.workspaceLoading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>{t("sessions.workspaceError")}</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => void query.refetch()}
            data-testid="session-workspace-retry"
          >
            {t("sessions.retry")}
          </Button>
        </div>
      ) : query.data.calculations.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t("sessions.workspaceEmpty")}</p>
      ) : (
        <ul
          aria-label={t("sessions.workspaceListLabel", { workspace: workspace.name })}
          className="mt-3 divide-y divide-stone-200 border-y border-stone-200"
        >
          {query.data.calculations.map((calculation) => (
            <SavedItem
              key={calculation.id}
              calculation={calculation}
              lang={lang}
              isOpen={calculation.id === openId}
              onOpen={() => onOpen(calculation.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedItem({
  calculation,
  lang,
  isOpen,
  onOpen,
}: {
  calculation: CalculationSummary;
  lang: Language;
  isOpen: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation("calculator");
  const { name, isCompleted, calculationDate, zakatDue, currency } = calculation;
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-saved-item"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-stone-900">{name}</p>
          {isOpen ? <Badge tone="brand">{t("sessions.current")}</Badge> : null}
          <Badge tone={isCompleted ? "success" : "neutral"}>
            {isCompleted ? t("sessions.complete") : t("sessions.inProgress")}
          </Badge>
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-600">
          <time dateTime={calculationDate}>{formatDay(calculationDate, lang)}</time>
          {isCompleted ? (
            <span className="font-medium text-stone-900">
              {t("sessions.zakatDue", { amount: formatMoney(zakatDue, currency, lang) })}
            </span>
          ) : null}
        </p>
      </div>
      {isOpen ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={onOpen}
          aria-label={t("sessions.openNamed", { name })}
          data-testid="session-saved-open"
        >
          {t("sessions.openAction")}
        </Button>
      )}
    </li>
  );
}
