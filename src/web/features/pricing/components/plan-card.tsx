import { Check, X } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { localeTags } from "~/app/i18n";
import { useStaticPage } from "~/app/static-page";
import { useLanguage, useLocalizedPath } from "~/app/language";
import {
  PLAN_CURRENCY,
  POPULAR_PLAN,
  planLimits,
  planPrices,
  prioritySupport,
  type PlanId,
} from "~/app/plans";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { SUPPORT_EMAIL, mailto } from "~/app/site";
import { useSession } from "~/lib/use-session";
import { checkoutPath } from "~/lib/checkout-path";
import { billingOptions, type Billing } from "./billing-toggle";

// One plan of the pricing page: price, limits and features, and its call to action.

function formatPrice(amount: number, lang: Language): string {
  return new Intl.NumberFormat(localeTags[lang], {
    style: "currency",
    currency: PLAN_CURRENCY,
    maximumFractionDigits: 0,
  }).format(amount);
}

interface FeatureRow {
  key: string;
  label: string;
  included: boolean;
}

function useFeatureRows(plan: PlanId): FeatureRow[] {
  const { t } = useTranslation("pricing");
  const limits = planLimits[plan];
  const count = (
    limit: number | null,
    texts: { one?: string; limited: (count: number) => string; unlimited: string },
  ) =>
    limit === null ? texts.unlimited : limit === 1 && texts.one ? texts.one : texts.limited(limit);

  return [
    { key: "calculator", label: t("features.calculator"), included: true },
    { key: "history", label: t("features.history"), included: true },
    {
      key: "workspaces",
      included: true,
      label: count(limits.workspaces, {
        one: t("features.workspaces.one"),
        limited: (n) => t("features.workspaces.limited", { count: n }),
        unlimited: t("features.workspaces.unlimited"),
      }),
    },
    {
      key: "invitations",
      included: limits.invitations !== 0,
      label:
        limits.invitations === 0
          ? t("features.invitations.none")
          : count(limits.invitations, {
              limited: (n) => t("features.invitations.limited", { count: n }),
              unlimited: t("features.invitations.unlimited"),
            }),
    },
    {
      key: "embedDomains",
      included: true,
      label: count(limits.embedDomains, {
        limited: (n) => t("features.embedDomains.limited", { count: n }),
        unlimited: t("features.embedDomains.unlimited"),
      }),
    },
    {
      key: "calendarIntegrations",
      included: true,
      label: count(limits.calendarIntegrations, {
        one: t("features.calendarIntegrations.one"),
        limited: (n) => t("features.calendarIntegrations.limited", { count: n }),
        unlimited: t("features.calendarIntegrations.unlimited"),
      }),
    },
    {
      key: "prioritySupport",
      label: t("features.prioritySupport"),
      included: prioritySupport[plan],
    },
  ];
}

export function PlanCard({
  plan,
  billing,
  current,
  onlinePayment,
}: {
  plan: PlanId;
  billing: Billing;
  current: boolean;
  onlinePayment: boolean;
}) {
  const { t } = useTranslation("pricing");
  const lang = useLanguage();
  const rows = useFeatureRows(plan);
  const popular = plan === POPULAR_PLAN;
  const free = plan === "free";
  const name = t(`plans.${plan}.name`);
  const titleId = `plan-${plan}`;
  // Signed in, a paid plan is bought through Stripe Checkout (decision 019); on an install
  // without online payment an operator moves the account (npm run admin, decision 015), so the
  // button writes to support. Signed out, sign-up comes first, then straight on to checkout.
  // A static page (decision 025) is the same HTML for everyone: signed out.
  const staticPage = useStaticPage();
  const session = useSession();
  const signedIn = !staticPage && session.status === "signed-in";
  const contact = signedIn && !free && !current && !onlinePayment;
  const localize = useLocalizedPath();
  const contactHref = (option: Billing) =>
    mailto(t("contactPlan.subject", { plan: name, billing: t(`billing.${option}`) }));
  // On a static page the button's signed-in targets wait in data attributes for the islands
  // (src/web/islands/account-plan.ts), which read the session and the account's plan.
  const staticCtaTargets = (forPlan: PlanId, option: Billing) => ({
    "data-plan-cta": forPlan,
    "data-current-label": t("currentPlan"),
    "data-signed-in-href": localize(free ? "/dashboard" : checkoutPath(forPlan, option)),
    "data-contact-href": free ? undefined : contactHref(option),
  });

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-3xl bg-white p-8",
        popular
          ? "border-2 border-brand-700 shadow-xl shadow-brand-900/10 lg:-my-3 lg:py-11"
          : "border border-stone-200 shadow-sm",
      )}
    >
      {popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow">
          {t("mostPopular")}
        </p>
      ) : null}
      <h2 id={titleId} className="text-xl font-semibold text-stone-900">
        {name}
      </h2>
      {/* a static page carries it hidden; its islands show it to the account on this plan */}
      {current || staticPage ? (
        <p
          className="mt-1"
          data-testid={`plan-current-${plan}`}
          data-current-plan={staticPage ? plan : undefined}
          hidden={staticPage}
        >
          <Badge>{t("currentPlan")}</Badge>
        </p>
      ) : null}
      <p className="mt-2 min-h-12 text-sm leading-6 text-stone-600">
        {t(`plans.${plan}.description`)}
      </p>
      {free ? (
        <p className="mt-6 flex items-baseline gap-1.5">
          <span className="text-5xl font-bold tracking-tight text-stone-950">
            {formatPrice(planPrices.free.monthly, lang)}
          </span>
          <span className="text-sm font-medium text-stone-500">{t("period.forever")}</span>
        </p>
      ) : (
        // Each billing shows its own price only. A static page (decision 025) carries both, in
        // the prerendered HTML for visitors and search engines alike, and the billing switch's
        // checked radio hides the other one through CSS (app.css, [data-billing-root]).
        <div className="mt-6 flex flex-col">
          {(staticPage ? billingOptions : [billing]).map((option) => (
            <p
              key={option}
              data-billing={option}
              data-billing-only={staticPage ? option : undefined}
              className="flex items-baseline gap-1.5"
            >
              <span className="text-5xl font-bold tracking-tight text-stone-950">
                {formatPrice(planPrices[plan][option], lang)}
              </span>
              <span className="text-sm font-medium text-stone-500">
                {option === "monthly" ? t("period.month") : t("period.year")}
              </span>
            </p>
          ))}
        </div>
      )}
      {/* a static page (no script) carries both billings' note and button; CSS shows one */}
      {(staticPage ? billingOptions : [billing]).map((option) => (
        <p
          key={option}
          data-billing-only={staticPage ? option : undefined}
          className="mt-1 min-h-5 text-sm text-stone-500"
        >
          {free ? t("note.free") : t(`note.${option}`)}
        </p>
      ))}
      {current ? (
        // the account's own plan offers nothing to choose (issue 30): it says so
        <Button
          size="lg"
          variant="secondary"
          className="mt-8"
          disabled
          data-testid="plan-cta-current"
        >
          {t("currentPlan")}
        </Button>
      ) : null}
      {(current ? [] : staticPage ? billingOptions : [billing]).map((option) => (
        <Button
          key={option}
          asChild
          size="lg"
          variant={popular ? "primary" : "secondary"}
          className="mt-8"
          data-billing-only={staticPage ? option : undefined}
        >
          {contact ? (
            <a href={contactHref(option)} data-testid={`plan-contact-${plan}`}>
              {t(`plans.${plan}.cta`)}
            </a>
          ) : (
            <LocalizedLink
              {...(staticPage ? staticCtaTargets(plan, option) : {})}
              to={
                free
                  ? signedIn
                    ? "/dashboard"
                    : "/signup"
                  : signedIn
                    ? checkoutPath(plan, option)
                    : `/signup?plan=${plan}&billing=${option}`
              }
            >
              {t(`plans.${plan}.cta`)}
            </LocalizedLink>
          )}
        </Button>
      ))}
      {contact || (staticPage && !free) ? (
        <p
          className="mt-2 text-sm text-stone-600"
          data-testid={`plan-contact-note-${plan}`}
          data-contact-note={staticPage ? plan : undefined}
          hidden={staticPage}
        >
          <Trans
            t={t}
            i18nKey="contactPlan.note"
            values={{ email: SUPPORT_EMAIL }}
            components={{
              mail: (
                <a
                  href={contactHref(billing)}
                  className="font-medium text-brand-700 underline [overflow-wrap:anywhere]"
                />
              ),
            }}
          />
        </p>
      ) : null}
      <ul className="mt-8 space-y-3 text-sm" aria-label={t("featuresLabel", { plan: name })}>
        {rows.map((row) => (
          <li
            key={row.key}
            className={cn("flex gap-3", row.included ? "text-stone-800" : "text-stone-600")}
          >
            {row.included ? (
              <Check className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : (
              <X className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
            )}
            <span>
              <span className="sr-only">
                {row.included ? t("includedLabel") : t("notIncludedLabel")}{" "}
              </span>
              <span className={cn(!row.included && "line-through decoration-stone-400")}>
                {row.label}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
