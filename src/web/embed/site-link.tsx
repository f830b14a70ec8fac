import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";

/** A link out of the iframe to the Hawl site, opened in a new tab (said to screen readers). */
export function SiteLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("embed");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn(
        "inline-flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-4 hover:underline",
        className,
      )}
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">({t("newTab")})</span>
    </a>
  );
}
