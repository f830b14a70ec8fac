import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";

/** A small, announced loading indicator; protected content never shows behind it. */
export function PageSpinner({ label }: { label?: string }) {
  // `common`: the route guard shows it on every protected page, which need not load `auth`
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-spinner"
      className="flex min-h-[40vh] flex-1 items-center justify-center gap-3 text-stone-600"
    >
      <Spinner />
      <span>{label ?? t("loading")}</span>
    </div>
  );
}

export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-spin rounded-full border-2 border-current border-t-transparent",
        className,
      )}
    />
  );
}
