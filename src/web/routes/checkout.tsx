import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { paidPlans, type PaidPlan } from "../../contracts/billing";
import { useLanguage } from "~/app/language";
import { mailto } from "~/app/site";
import { Container } from "~/components/ui/container";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { ErrorAlert } from "~/components/ui/alerts";
import { PageSpinner } from "~/components/ui/page-spinner";
import { startCheckout } from "~/features/billing/billing-api";
import { intervalOf } from "~/lib/checkout-path";
import { ApiError } from "~/lib/api-client";

type State = "opening" | "not-configured" | "failed" | "bad-plan";

/**
 * /checkout?plan=standard&billing=yearly (issue 14): sends the signed-in person on to Stripe
 * Checkout for that plan. The pricing page links here, and so does sign-up when a plan was
 * chosen first (the address waits in the sign-in redirect until the account exists).
 */
export default function CheckoutPage() {
  const { t } = useTranslation("pricing");
  const lang = useLanguage();
  const [params] = useSearchParams();
  const plan = params.get("plan");
  const billing = params.get("billing") ?? "monthly";
  const valid = (paidPlans as readonly string[]).includes(plan ?? "");
  const [state, setState] = useState<State>(valid ? "opening" : "bad-plan");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid) return;
    let cancelled = false;
    setState("opening");
    startCheckout(plan as PaidPlan, intervalOf(billing), lang).then(
      (url) => {
        if (!cancelled) window.location.assign(url);
      },
      (error: unknown) => {
        if (cancelled) return;
        setState(error instanceof ApiError && error.status === 404 ? "not-configured" : "failed");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [valid, plan, billing, lang, attempt]);

  return (
    <Container className="py-12 sm:py-16" data-testid="checkout-page">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {t("checkout.title")}
      </h1>
      <div className="mt-6 max-w-xl">
        {state === "opening" ? (
          <PageSpinner label={t("checkout.opening")} />
        ) : state === "failed" ? (
          <div className="space-y-4">
            <ErrorAlert testId="checkout-failed">{t("checkout.failed")}</ErrorAlert>
            <Button onClick={() => setAttempt((n) => n + 1)} data-testid="checkout-retry">
              {t("checkout.retry")}
            </Button>
          </div>
        ) : (
          <div className="space-y-4" data-testid={`checkout-${state}`}>
            <p className="text-stone-700">
              {state === "bad-plan" ? t("checkout.badPlan") : t("checkout.notConfigured")}
            </p>
            <div className="flex flex-wrap gap-3">
              {state === "not-configured" ? (
                <a
                  className={buttonClasses({ variant: "primary" })}
                  href={mailto(t("contactPlan.subject", { plan: plan ?? "", billing }))}
                >
                  {t("checkout.contact")}
                </a>
              ) : null}
              <LocalizedLink to="/pricing" className={buttonClasses({ variant: "secondary" })}>
                {t("checkout.backToPricing")}
              </LocalizedLink>
            </div>
          </div>
        )}
      </div>
    </Container>
  );
}
