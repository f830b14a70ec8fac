import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import type { ManagerFailure } from "../model/manager";

/** The English-keyed text of a failure (spec §8 keys), in the page's language. */
export function useFailureText() {
  const { t } = useTranslation("embed");
  return (failure: ManagerFailure): string => {
    if (failure.kind === "planLimit") return t("manager.errors.planLimit");
    if (failure.kind === "field") {
      return failure.key === "invalid" || failure.key === "duplicate"
        ? t(`manager.domainDialog.${failure.key}`)
        : t(`manager.errors.${failure.key}`);
    }
    return t(`manager.errors.${failure.key}`);
  };
}

/** A failed create/update/delete in a red box; a plan limit links to the plans. */
export function FailureMessage({ failure }: { failure: ManagerFailure }) {
  const { t } = useTranslation("embed");
  const text = useFailureText();
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
      data-testid="embed-failure"
    >
      {text(failure)}
      {failure.kind === "planLimit" ? (
        <>
          {" "}
          <LocalizedLink to="/pricing" className="font-semibold underline underline-offset-2">
            {t("manager.errors.seePlans")}
          </LocalizedLink>
        </>
      ) : null}
    </div>
  );
}
