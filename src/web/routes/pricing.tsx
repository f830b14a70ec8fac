import { ArrowRight, Check, ChevronDown, Sparkles, X } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { localeTags } from "~/app/i18n";
import { useLanguage } from "~/app/language";
import {
  PLAN_CURRENCY,
  POPULAR_PLAN,
  planIds,
  planLimits,
  planPrices,
  prioritySupport,
  type PlanId,
} from "~/app/plans";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { StructuredData } from "~/components/structured-data";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Container } from "~/components/ui/container";
import { mailto } from "~/app/site";
import { useSession } from "~/features/auth/hooks/use-session";
import { checkoutPath } from "~/features/billing/billing-api";
import {
  fetchMe,
  fetchPlanUsage,
  meQueryKey,
  planUsageQueryKey,
} from "~/features/profile/api/me-api";

type Billing = "monthly" | "yearly";
const billingOptions = ["monthly", "yearly"] as const satisfies readonly Billing[];

function formatPrice(amount: number, lang: Language): string {
  return new Intl.NumberFormat(localeTags[lang], {
    style: "currency",
    currency: PLAN_CURRENCY,
    maximumFractionDigits: 0,
  }).format(amount);
}

export default function PricingPage() {
  const { t } = useTranslation("pricing");
  const [billing, setBilling] = useState<Billing>("monthly");
  // signed in: the account's plan is marked (every limit message and the dashboard lead here)
  const signedIn = useSession().status === "signed-in";
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, enabled: signedIn, retry: false });
  const current = signedIn ? me.data?.plan : undefined;
  // whether plans are bought online here (Stripe configured), else the paid buttons write to us
  const usage = useQuery({
    queryKey: planUsageQueryKey,
    queryFn: fetchPlanUsage,
    enabled: signedIn,
    retry: false,
  });
  const onlinePayment = usage.data?.onlinePayment ?? false;

  return (
    <>
      <section className="relative -mt-16 overflow-hidden pt-28 pb-16 sm:pt-36 sm:pb-24">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(50rem_24rem_at_50%_0%,var(--color-brand-100),transparent_70%)]"
        />
        <Container size="wide">
          <SectionHeading
            as="h1"
            kicker={t("kicker")}
            title={t("title")}
            subtitle={t("subtitle")}
          />
          <BillingToggle value={billing} onChange={setBilling} />
          <div className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
            {planIds.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                billing={billing}
                current={plan === current}
                onlinePayment={onlinePayment}
              />
            ))}
          </div>
        </Container>
      </section>
      <Faq />
      <section className="pb-16 sm:pb-24">
        <Container size="narrow" className="text-center">
          <div className="rounded-3xl border border-stone-200 bg-white px-6 py-12 shadow-sm sm:px-12">
            <h2 className="text-3xl font-semibold tracking-tight text-stone-900">
              {t("cta.title")}
            </h2>
            <p className="mx-auto mt-3 max-w-lg text-lg leading-8 text-stone-600">
              {t("cta.text")}
            </p>
            <Button asChild size="lg" className="mt-8">
              <LocalizedLink to="/signup">
                {t("cta.button")}
                <ArrowRight aria-hidden="true" />
              </LocalizedLink>
            </Button>
          </div>
          <p className="mx-auto mt-10 max-w-2xl text-sm leading-6 text-stone-600">
            <Sparkles
              className="mr-1.5 inline size-4 align-[-2px] text-gold-600"
              aria-hidden="true"
            />
            {t("closing")}
          </p>
        </Container>
      </section>
    </>
  );
}

function BillingToggle({ value, onChange }: { value: Billing; onChange: (b: Billing) => void }) {
  const { t } = useTranslation("pricing");
  return (
    <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
      <div
        role="group"
        aria-label={t("billing.label")}
        className="inline-flex rounded-full border border-stone-200 bg-white p-1 shadow-sm"
      >
        {(["monthly", "yearly"] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={cn(
              "h-10 rounded-full px-5 text-sm font-semibold transition-colors",
              value === option
                ? "bg-brand-700 text-white shadow-sm"
                : "text-stone-600 hover:text-stone-900",
            )}
          >
            {t(`billing.${option}`)}
          </button>
        ))}
      </div>
      <Badge tone="gold" className="text-sm">
        <Sparkles className="size-3.5" aria-hidden="true" />
        {t("billing.save")}
      </Badge>
    </div>
  );
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

function PlanCard({
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
  const signedIn = useSession().status === "signed-in";
  const contact = signedIn && !free && !current && !onlinePayment;

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
      {current ? (
        <p className="mt-1" data-testid={`plan-current-${plan}`}>
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
        // Both prices are always there (and in the prerendered HTML, for visitors and search
        // engines alike): the billing switch only changes which one is emphasised and first.
        <div className="mt-6 flex flex-col">
          {billingOptions.map((option) => (
            <p
              key={option}
              data-billing={option}
              data-emphasised={option === billing ? "true" : "false"}
              className={cn(
                "flex items-baseline gap-1.5",
                option === billing ? "order-first" : "order-last mt-1",
              )}
            >
              <span
                className={
                  option === billing
                    ? "text-5xl font-bold tracking-tight text-stone-950"
                    : "text-base font-semibold text-stone-700"
                }
              >
                {formatPrice(planPrices[plan][option], lang)}
              </span>
              <span className="text-sm font-medium text-stone-500">
                {option === "monthly" ? t("period.month") : t("period.year")}
              </span>
            </p>
          ))}
        </div>
      )}
      <p className="mt-1 min-h-5 text-sm text-stone-500">
        {free ? t("note.free") : t(`note.${billing}`)}
      </p>
      <Button asChild size="lg" variant={popular ? "primary" : "secondary"} className="mt-8">
        {contact ? (
          <a
            href={mailto(
              t("contactPlan.subject", { plan: name, billing: t(`billing.${billing}`) }),
            )}
            data-testid={`plan-contact-${plan}`}
          >
            {t(`plans.${plan}.cta`)}
          </a>
        ) : (
          <LocalizedLink
            to={
              free
                ? signedIn
                  ? "/dashboard"
                  : "/signup"
                : signedIn
                  ? checkoutPath(plan, billing)
                  : `/signup?plan=${plan}&billing=${billing}`
            }
          >
            {t(`plans.${plan}.cta`)}
          </LocalizedLink>
        )}
      </Button>
      {contact ? (
        <p className="mt-2 text-sm text-stone-600" data-testid={`plan-contact-note-${plan}`}>
          {t("contactPlan.note")}
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
              <span className="sr-only">{row.included ? t("included") : t("notIncluded")}: </span>
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

const faqItems = ["workspace", "embed", "changePlan", "payment", "trial", "limits"] as const;

/**
 * Native <details>: answers stay in the prerendered HTML and work without JavaScript. The same
 * questions and answers as schema.org FAQPage structured data.
 */
function Faq() {
  const { t } = useTranslation("pricing");
  const lang = useLanguage();
  return (
    <section id="faq" className="scroll-mt-20 bg-white py-16 sm:py-24" aria-labelledby="faq-title">
      <StructuredData
        data={{
          "@type": "FAQPage",
          inLanguage: lang,
          mainEntity: faqItems.map((item) => ({
            "@type": "Question",
            name: t(`faq.${item}.question`),
            acceptedAnswer: { "@type": "Answer", text: t(`faq.${item}.answer`) },
          })),
        }}
      />
      <Container size="narrow">
        <SectionHeading id="faq-title" title={t("faq.title")} />
        <div className="mt-10 divide-y divide-stone-200 rounded-2xl border border-stone-200">
          {faqItems.map((item) => (
            <details key={item} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                {t(`faq.${item}.question`)}
                <ChevronDown
                  className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="pb-5 leading-7 text-stone-600">{t(`faq.${item}.answer`)}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
