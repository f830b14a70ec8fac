import { useTranslation } from "react-i18next";
import { cn } from "../ui/cn";

/** Neutral bars while the session is unknown, so no wrong links flash (decorative). */
export function NavPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn("flex items-center gap-3", className)} role="status">
      <span className="sr-only">{t("nav.loading")}</span>
      {[64, 80, 72, 88].map((width) => (
        <span
          key={width}
          aria-hidden="true"
          className="h-3 animate-pulse rounded-full bg-stone-200"
          style={{ width }}
        />
      ))}
    </div>
  );
}
