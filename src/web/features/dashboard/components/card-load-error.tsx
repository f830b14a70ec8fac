import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** A dashboard card's data that failed to load: the alert and a retry. */
export function CardLoadError({ testId, onRetry }: { testId: string; onRetry: () => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3" data-testid={testId}>
      <p role="alert" className="text-sm text-red-800">
        {t("loadFailed")}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}
