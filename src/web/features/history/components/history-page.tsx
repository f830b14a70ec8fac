import { Download, Plus } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { CalculationSummary } from "#contracts/calculations.ts";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorAlert } from "~/components/ui/alerts";
import { PageSpinner } from "~/components/ui/page-spinner";
import { LoadFailed } from "~/features/workspaces";
import { gateTextsOf } from "~/features/workspaces";
import { StatementCard } from "~/features/tracker";
import { WorkspacePage } from "~/features/workspaces";
import { calculationsCsvUrl } from "../api/calculations-csv";
import { useCalculationPage } from "../api/use-calculations";
import { CalculationList } from "./calculation-list";

/** `?page=N`, a positive integer; anything else is page 1. */
function pageFrom(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 1;
}

/** Spec §2 "Calculator history": the current workspace's calculations, 10 per page. */
export function HistoryPage() {
  const { t } = useTranslation("history");

  return (
    <WorkspacePage
      testId="history"
      title={t("title")}
      subtitle={t("subtitle")}
      workspaceLine={(name) => t("workspace", { name })}
      gateTexts={gateTextsOf((key) => t(key))}
    >
      {(workspace) => <HistoryContent key={workspace.id} workspaceId={workspace.id} />}
    </WorkspacePage>
  );
}

function HistoryContent({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("history");
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const query = useCalculationPage(workspaceId, page);
  const data = query.data;

  const goTo = (next: number, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete("page");
        else copy.set("page", String(next));
        return copy;
      },
      { replace },
    );

  // A page past the end (an old link, a delete elsewhere): show the last page instead.
  const lastPage = data?.totalPages ?? 0;
  const pastTheEnd = !query.isPlaceholderData && data !== undefined && page > Math.max(lastPage, 1);
  useEffect(() => {
    if (pastTheEnd) goTo(lastPage, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- goTo only wraps setParams
  }, [pastTheEnd, lastPage]);

  /** Spec §7: after a delete, the same page again, or the previous one if it is now empty. */
  function afterDelete(_removed: CalculationSummary) {
    if (data && data.calculations.length === 1 && page > 1) goTo(page - 1, true);
  }

  if (query.isPending) return <PageSpinner label={t("loading")} />;
  if (query.isError && !data) {
    return (
      <LoadFailed
        testId="history"
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // An empty page of a non-empty list is about to be left (past the end, or after a delete).
  if (!data || (data.calculations.length === 0 && data.totalCount > 0)) {
    return <PageSpinner label={t("loading")} />;
  }

  if (data.totalCount === 0) {
    return (
      <Card
        className="flex flex-col items-center gap-3 py-10 text-center"
        data-testid="history-empty"
      >
        <p className="font-semibold text-stone-900">{t("emptyTitle")}</p>
        <p className="max-w-md text-sm leading-6 text-stone-600">{t("emptyText")}</p>
        <LocalizedLink
          to="/calculator"
          className={buttonClasses({ className: "mt-2" })}
          data-testid="history-start"
        >
          <Plus aria-hidden="true" />
          {t("startCalculation")}
        </LocalizedLink>
      </Card>
    );
  }

  const totalPages = Math.max(data.totalPages, 1);
  const shownPage = Math.min(page, totalPages);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600" data-testid="history-count">
          {t("count", { count: data.totalCount })}
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={calculationsCsvUrl(workspaceId)}
            download
            className={buttonClasses({ variant: "secondary", size: "sm" })}
            data-testid="history-csv"
          >
            <Download aria-hidden="true" />
            {t("downloadCsv")}
          </a>
          <LocalizedLink
            to="/calculator?new=1"
            className={buttonClasses({ size: "sm" })}
            data-testid="history-new"
          >
            <Plus aria-hidden="true" />
            {t("newCalculation")}
          </LocalizedLink>
        </div>
      </div>

      {query.isError && (
        <div className="flex flex-wrap items-center gap-3">
          <ErrorAlert testId="history-load-error">{t("loadFailed")}</ErrorAlert>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}

      <Card className="py-2" aria-busy={query.isFetching || undefined}>
        <CalculationList
          workspaceId={workspaceId}
          calculations={data.calculations}
          onDeleted={afterDelete}
          label={t("listLabel")}
        />
      </Card>

      <nav
        aria-label={t("pagination")}
        className="flex items-center justify-between gap-3"
        data-testid="history-pagination"
      >
        <Button
          variant="secondary"
          size="sm"
          disabled={shownPage <= 1}
          onClick={() => goTo(shownPage - 1)}
          aria-label={t("previousPage")}
        >
          {t("previous")}
        </Button>
        <p className="text-sm text-stone-700" aria-live="polite" data-testid="history-page-of">
          {t("pageOf", { page: shownPage, total: totalPages })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={shownPage >= totalPages}
          onClick={() => goTo(shownPage + 1)}
          aria-label={t("nextPage")}
        >
          {t("next")}
        </Button>
      </nav>

      <StatementCard workspaceId={workspaceId} />
    </div>
  );
}
