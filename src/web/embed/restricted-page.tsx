import { ExternalLink, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { buttonClasses } from "~/components/ui/button";
import { sitePath } from "./paths";
import { SiteLink } from "./site-link";
import type { EmbedDenialReason } from "../../domain/embed";

/**
 * Spec §2 "Embed restricted page", as issue 30 corrected it: the people who meet it are the
 * framing site's visitors, so it says briefly that the calculator is not available and offers
 * Hawl's own; the reason and the steps to fix it are the owner's business, in the embed manager
 * (its "not showing on your website?" section). The reason stays on the page as data-reason,
 * for an owner inspecting it.
 */
export function RestrictedPage({ reason, lang }: { reason: EmbedDenialReason; lang: Language }) {
  const { t } = useTranslation("embed");
  return (
    <main
      className="mx-auto w-full max-w-xl px-4 py-6 sm:px-6"
      data-testid="embed-restricted"
      data-reason={reason}
    >
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <ShieldAlert className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h1 className="text-xl font-semibold tracking-tight text-stone-900">
              {t("restricted.title")}
            </h1>
            <p className="mt-2 leading-7 text-stone-700">{t("restricted.text")}</p>
          </div>
        </div>
        <a
          href={sitePath(lang, "calculator")}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ className: "mt-5" })}
          data-testid="restricted-calculator-link"
        >
          {t("restricted.openCalculator")}
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">({t("newTab")})</span>
        </a>
        <p className="mt-6 text-xs text-stone-600">
          {t("restricted.owner")}{" "}
          <SiteLink href={sitePath(lang, "embed-manager")}>{t("restricted.openManager")}</SiteLink>
        </p>
      </div>
    </main>
  );
}
