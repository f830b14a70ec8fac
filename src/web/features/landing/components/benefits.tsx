import {
  BellRing,
  CalendarDays,
  CalendarSync,
  Calculator,
  Eye,
  LockKeyhole,
  ShieldCheck,
  Smartphone,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";

// The landing page's end: why people trust it, and the last call to action.

type BenefitKey =
  "dualCalendar" | "methodology" | "privacy" | "reminders" | "calendarSync" | "mobile";

const benefits: Array<{ key: BenefitKey; icon: LucideIcon }> = [
  { key: "dualCalendar", icon: CalendarDays },
  { key: "methodology", icon: Eye },
  { key: "privacy", icon: LockKeyhole },
  { key: "reminders", icon: BellRing },
  { key: "calendarSync", icon: CalendarSync },
  { key: "mobile", icon: Smartphone },
];

export function Benefits() {
  const { t } = useTranslation("landing");
  return (
    <section className="py-16 sm:py-24" aria-labelledby="benefits-title">
      <Container>
        <SectionHeading
          id="benefits-title"
          kicker={t("benefits.kicker")}
          title={t("benefits.title")}
        />
        <dl className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ key, icon: Icon }) => (
            // a dl's group holds only its dt and dd: the icon lives in the dt, the text is
            // indented by the icon's width so both columns line up as before
            <div key={key}>
              <dt className="flex items-center gap-4 font-semibold text-stone-900">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>{t(`benefits.${key}.title`)}</span>
              </dt>
              <dd className="mt-1.5 ps-15 text-sm leading-6 text-stone-600">
                {t(`benefits.${key}.text`)}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

export function FinalCallToAction() {
  const { t } = useTranslation("landing");
  return (
    <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8" aria-labelledby="cta-title">
      <div
        data-theme="light"
        className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(30rem_20rem_at_10%_0%,rgb(255_255_255/0.12),transparent_70%),radial-gradient(30rem_20rem_at_90%_100%,color-mix(in_oklab,var(--color-gold-400)_35%,transparent),transparent_70%)]"
        />
        <div className="relative">
          <ShieldCheck className="mx-auto size-10 text-gold-300" aria-hidden="true" />
          <h2
            id="cta-title"
            className="mx-auto mt-4 max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
          >
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-100">{t("cta.text")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="gold">
              <LocalizedLink to="/calculator">
                <Calculator aria-hidden="true" />
                {t("cta.calculator")}
              </LocalizedLink>
            </Button>
            <Button asChild size="lg" variant="inverted">
              <LocalizedLink to="/dashboard">{t("cta.dashboard")}</LocalizedLink>
            </Button>
            <Button asChild size="lg" variant="onDark">
              <LocalizedLink to="/pricing">{t("cta.pricing")}</LocalizedLink>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
