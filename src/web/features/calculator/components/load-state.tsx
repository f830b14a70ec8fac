import { AlertTriangle, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import type { LoadState } from "../hooks/use-load-calculation";

/** What `/calculator?load={id}` shows until the calculation is open. */
export function LoadStatePanel({
  state,
  onRetry,
  onStartNew,
}: {
  state: Exclude<LoadState, { kind: "none" | "done" }>;
  onRetry: () => void;
  onStartNew: () => void;
}) {
  const { t } = useTranslation("calculator");
  if (state.kind === "loading") {
    return (
      <div
        role="status"
        className="mt-8 flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-8 text-stone-700"
        data-testid="load-loading"
      >
        <Loader2 className="size-5 animate-spin text-brand-700" aria-hidden="true" />
        {t("load.loading")}
      </div>
    );
  }
  const title =
    state.kind === "invalid"
      ? t("load.invalidTitle")
      : state.kind === "signed-out"
        ? t("load.signInTitle")
        : state.kind === "no-workspace"
          ? t("load.noWorkspaceTitle")
          : state.kind === "not-found"
            ? t("load.notFoundTitle")
            : t("load.errorTitle");
  const text =
    state.kind === "invalid"
      ? t("load.invalidText", { id: state.id })
      : state.kind === "signed-out"
        ? t("load.signInText")
        : state.kind === "no-workspace"
          ? t("load.noWorkspaceText")
          : state.kind === "not-found"
            ? t("load.notFoundText")
            : t("load.errorText");
  return (
    <div
      role="alert"
      className="mt-8 rounded-2xl border border-gold-300 bg-gold-50 p-6 text-gold-900"
      data-testid="load-problem"
      data-kind={state.kind}
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-gold-700" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="mt-1 text-sm break-words">{text}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {state.kind === "error" ? <Button onClick={onRetry}>{t("load.retry")}</Button> : null}
        {state.kind === "signed-out" ? (
          <LocalizedLink to="/signin" className={buttonClasses()}>
            {t("load.signIn")}
          </LocalizedLink>
        ) : (
          <LocalizedLink
            to="/calculator-history"
            className={buttonClasses({ variant: state.kind === "error" ? "secondary" : "primary" })}
            data-testid="load-history-link"
          >
            {t("load.history")}
          </LocalizedLink>
        )}
        <Button variant="ghost" onClick={onStartNew}>
          {t("load.startNew")}
        </Button>
      </div>
    </div>
  );
}
