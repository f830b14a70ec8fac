import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { sitePath } from "./paths";
import { SiteLink } from "./site-link";
import { normaliseDomain, type EmbedDenialReason } from "../../domain/embed";

type FixStep =
  "keepReferrer" | "embedOnSite" | "signIn" | "checkKey" | "enable" | "addDomain" | "reload";

/** What the owner of the framing site does about each refusal, in order. */
export const fixSteps: Record<EmbedDenialReason, FixStep[]> = {
  no_referrer: ["keepReferrer", "signIn", "addDomain", "reload"],
  invalid_key: ["signIn", "checkKey", "enable", "reload"],
  no_domains: ["signIn", "addDomain", "reload"],
  domain_not_allowed: ["signIn", "addDomain", "reload"],
  direct_access: ["embedOnSite", "signIn", "addDomain"],
  validation_error: ["signIn", "checkKey", "addDomain", "reload"],
};

/**
 * Spec §2 "Embed restricted page": why the calculator is not shown, the visitor's domain (as the
 * server saw it: a host, or direct access, or unknown) and the steps to fix it.
 */
export function RestrictedPage({
  reason,
  domain,
  lang,
}: {
  reason: EmbedDenialReason;
  domain: string;
  lang: Language;
}) {
  const { t } = useTranslation("embed");
  const shownDomain =
    domain === "direct_access"
      ? t("restricted.domainDirect")
      : domain === "unknown" || domain === ""
        ? t("restricted.domainUnknown")
        : domain;
  // a host the manager would accept as it is (not an IP address, say) is named in the steps
  const addable = normaliseDomain(domain);
  const isHost = addable.ok && addable.domain === domain;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6" data-testid="embed-restricted">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <ShieldAlert className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h1 className="text-xl font-semibold tracking-tight text-stone-900">
              {t("restricted.title")}
            </h1>
            <p className="mt-1 font-medium text-stone-800" data-testid="restricted-reason">
              {t(`restricted.reasons.${reason}.title`)}
            </p>
          </div>
        </div>
        <p className="mt-4 leading-7 text-stone-700">{t(`restricted.reasons.${reason}.text`)}</p>
        <dl className="mt-4 rounded-lg bg-stone-50 px-4 py-3 text-sm">
          <dt className="font-medium text-stone-700">{t("restricted.domainLabel")}</dt>
          <dd className="mt-0.5 font-mono break-all text-stone-900" data-testid="restricted-domain">
            {shownDomain}
          </dd>
        </dl>
        <h2 className="mt-6 font-semibold text-stone-900">{t("restricted.stepsTitle")}</h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-stone-700">
          {fixSteps[reason].map((step) => (
            <li key={step}>
              {step === "addDomain" && isHost
                ? t("restricted.steps.addThisDomain", { domain })
                : t(`restricted.steps.${step}`)}
            </li>
          ))}
        </ol>
        <SiteLink href={sitePath(lang, "embed-manager")} className="mt-6 text-sm">
          {t("restricted.openManager")}
        </SiteLink>
      </div>
    </main>
  );
}
