import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { embedDenialReasons, type EmbedDenialReason } from "#domain/embed/index.ts";

// Issue 30: a refused embed shows its visitors a short message only (src/web/embed/
// restricted-page.tsx); why an embed is refused, and what its owner does about it, is here.

type FixStep = "keepReferrer" | "embedOnSite" | "checkKey" | "enable" | "addDomain" | "reload";

/** What the owner of the framing site does about each refusal, in order. */
export const fixSteps: Record<EmbedDenialReason, FixStep[]> = {
  domain_not_allowed: ["addDomain", "reload"],
  no_domains: ["addDomain", "reload"],
  invalid_key: ["checkKey", "enable", "reload"],
  no_referrer: ["keepReferrer", "addDomain", "reload"],
  direct_access: ["embedOnSite", "addDomain"],
  validation_error: ["checkKey", "addDomain", "reload"],
};

/** The most frequent refusal first: a site not (yet) in the list. */
const order: EmbedDenialReason[] = [
  "domain_not_allowed",
  "no_domains",
  ...embedDenialReasons.filter((r) => r !== "domain_not_allowed" && r !== "no_domains"),
];

export function EmbedTroubleshoot() {
  const { t } = useTranslation("embed");
  return (
    <details
      className="group rounded-2xl border border-stone-200 bg-white shadow-sm"
      data-testid="embed-troubleshoot"
    >
      <summary className="flex cursor-pointer items-center gap-2 rounded-2xl px-5 py-4 font-semibold text-stone-900 marker:content-none hover:bg-stone-50">
        {t("manager.troubleshoot.title")}
        <ChevronDown
          className="ms-auto size-4 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="space-y-4 border-t border-stone-200 px-5 py-5 text-sm">
        <p className="leading-6 text-stone-700">{t("manager.troubleshoot.intro")}</p>
        <ul className="space-y-4">
          {order.map((reason) => (
            <li key={reason} data-testid={`troubleshoot-${reason}`}>
              <p className="font-semibold text-stone-900">
                {t(`manager.troubleshoot.reasons.${reason}.title`)}
              </p>
              <p className="mt-0.5 leading-6 text-stone-700">
                {t(`manager.troubleshoot.reasons.${reason}.text`)}
              </p>
              <p className="mt-1 font-medium text-stone-800">
                {t("manager.troubleshoot.stepsTitle")}
              </p>
              <ol className="mt-1 list-decimal space-y-1 ps-5 text-stone-700">
                {fixSteps[reason].map((step) => (
                  <li key={step}>{t(`manager.troubleshoot.steps.${step}`)}</li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
