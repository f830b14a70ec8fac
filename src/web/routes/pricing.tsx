import { ArrowRight, Sparkles } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { staticPage as staticPageHandle, useStaticPage } from "~/app/static-page";
import { planIds } from "~/app/plans";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useSession } from "~/lib/use-session";
import { meQueryKey, planUsageQueryKey } from "~/features/profile/api/me-keys";
import { BillingToggle, type Billing } from "~/features/pricing/components/billing-toggle";
import { Faq } from "~/features/pricing/components/faq";
import { PlanCard } from "~/features/pricing/components/plan-card";

export const handle = staticPageHandle;

/** The account API loads only for a signed-in visitor: a public page's first load has no client. */
const meApi = () => import("~/features/profile/api/me-api");

export default function PricingPage() {
  const { t } = useTranslation("pricing");
  const [billing, setBilling] = useState<Billing>("monthly");
  // Served without React (decision 025): the billing switch works by CSS alone, and the page is
  // the signed-out one for everyone (a signed-in visitor's sign-up link leads on to checkout).
  const staticPage = useStaticPage();
  // signed in: the account's plan is marked (every limit message and the dashboard lead here)
  const session = useSession();
  const signedIn = !staticPage && session.status === "signed-in";
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: async () => (await meApi()).fetchMe(),
    enabled: signedIn,
    retry: false,
  });
  const current = signedIn ? me.data?.plan : undefined;
  // whether plans are bought online here (Stripe configured), else the paid buttons write to us
  const usage = useQuery({
    queryKey: planUsageQueryKey,
    queryFn: async () => (await meApi()).fetchPlanUsage(),
    enabled: signedIn,
    retry: false,
  });
  const onlinePayment = usage.data?.onlinePayment ?? false;

  return (
    <>
      <section
        data-billing-root
        className="relative -mt-16 overflow-hidden pt-28 pb-16 sm:pt-36 sm:pb-24"
      >
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
          {staticPage ? <BillingToggle /> : <BillingToggle value={billing} onChange={setBilling} />}
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
              className="me-1.5 inline size-4 align-[-2px] text-gold-600"
              aria-hidden="true"
            />
            {t("closing")}
          </p>
        </Container>
      </section>
    </>
  );
}
