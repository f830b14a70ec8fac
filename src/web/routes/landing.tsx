import {
  ArrowRight,
  BellRing,
  Briefcase,
  CalendarDays,
  CalendarSync,
  Calculator,
  Check,
  Code,
  Eye,
  LayoutDashboard,
  LockKeyhole,
  MoonStar,
  Mosque,
  ShieldCheck,
  Smartphone,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { PLAN_CURRENCY, planPrices } from "~/app/plans";
import { localizedPath } from "~/app/route-table";
import { SITE_URL } from "~/app/site";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { StructuredData } from "~/components/structured-data";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Container } from "~/components/ui/container";

export default function LandingPage() {
  return (
    <>
      <SoftwareApplicationData />
      <Hero />
      <Story />
      <Features />
      <Personas />
      <Benefits />
      <FinalCallToAction />
    </>
  );
}

/** schema.org SoftwareApplication: what Hawl is, for search engines (issue 12). */
function SoftwareApplicationData() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const prices = Object.values(planPrices).map((p) => p.monthly);
  return (
    <StructuredData
      data={{
        "@type": "SoftwareApplication",
        name: t("meta.siteName"),
        description: t("meta.description"),
        url: SITE_URL + localizedPath(lang, ""),
        image: `${SITE_URL}/og/${lang}/landing.png`,
        inLanguage: lang,
        applicationCategory: "FinanceApplication",
        operatingSystem: "Web",
        offers: {
          "@type": "AggregateOffer",
          priceCurrency: PLAN_CURRENCY,
          lowPrice: String(Math.min(...prices)),
          highPrice: String(Math.max(...prices)),
          offerCount: String(prices.length),
        },
      }}
    />
  );
}

function Hero() {
  const { t } = useTranslation("landing");
  return (
    <section className="relative -mt-16 overflow-hidden pt-16" aria-labelledby="hero-title">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_40rem_at_80%_-10%,var(--color-brand-100),transparent_60%),radial-gradient(40rem_30rem_at_0%_20%,var(--color-gold-50),transparent_60%)]"
      />
      <Container
        size="wide"
        className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:py-24"
      >
        <div>
          <Badge tone="brand" className="px-3 py-1 text-sm">
            <MoonStar className="size-4" aria-hidden="true" />
            {t("hero.eyebrow")}
          </Badge>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-stone-950 sm:text-5xl lg:text-6xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-stone-700">
            {t("hero.subtitle")}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <LocalizedLink to="/calculator">
                <Calculator aria-hidden="true" />
                {t("hero.primary")}
              </LocalizedLink>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <LocalizedLink to="/dashboard">
                <LayoutDashboard aria-hidden="true" />
                {t("hero.secondary")}
              </LocalizedLink>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-600">
            {(["trustFree", "trustLanguages", "trustNoCard"] as const).map((key) => (
              <li key={key} className="flex items-center gap-2">
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
                {t(`hero.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <ZakatYearPreview />
      </Container>
    </section>
  );
}

/** An illustrative tracker card with example data, not the visitor's. */
function ZakatYearPreview() {
  const { t } = useTranslation("landing");
  const milestones = [
    { title: "m1", date: "m1Date", tone: "bg-emerald-500" },
    { title: "m2", date: "m2Date", tone: "bg-gold-500" },
    { title: "m3", date: "m3Date", tone: "bg-brand-700" },
  ] as const;
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rotate-2 rounded-[2rem] bg-gradient-to-br from-brand-200/60 to-gold-200/60 blur-sm"
      />
      <div className="rounded-3xl border border-stone-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold text-stone-900">{t("preview.title")}</p>
          <Badge tone="neutral">{t("preview.example")}</Badge>
        </div>
        <div className="mt-6 flex items-center gap-6">
          <ProgressRing percent={68} label={t("preview.percent")} />
          <div className="min-w-0">
            <Badge tone="success">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
              {t("preview.status")}
            </Badge>
            <p className="mt-3 text-sm text-stone-500">{t("preview.ofYear")}</p>
            <p className="text-base font-semibold text-stone-900">{t("preview.elapsed")}</p>
          </div>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-brand-50 p-4">
            <p className="text-xs font-medium text-brand-800">{t("preview.dueLabel")}</p>
            <p className="mt-1 font-semibold text-stone-900">{t("preview.dueDate")}</p>
            <p className="text-xs text-stone-600">{t("preview.dueHijri")}</p>
          </div>
          <div className="rounded-2xl bg-gold-50 p-4">
            <p className="text-xs font-medium text-gold-800">{t("preview.amountLabel")}</p>
            <p className="mt-1 text-xl font-bold text-stone-900">{t("preview.amount")}</p>
            <p className="text-xs text-stone-600">{t("preview.rate")}</p>
          </div>
        </div>
        <p className="mt-6 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {t("preview.timeline")}
        </p>
        <ol className="mt-3 space-y-3 border-l-2 border-stone-100 pl-4">
          {milestones.map((m) => (
            <li key={m.title} className="relative">
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full ring-4 ring-white",
                  m.tone,
                )}
              />
              <p className="text-sm font-medium text-stone-900">{t(`preview.${m.title}`)}</p>
              <p className="text-xs text-stone-500">{t(`preview.${m.date}`)}</p>
            </li>
          ))}
        </ol>
      </div>
      <figcaption className="sr-only">{t("preview.label")}</figcaption>
    </figure>
  );
}

function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const radius = 44;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className="relative size-28 shrink-0">
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          stroke="var(--color-stone-100)"
          strokeWidth="8"
        />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          stroke="var(--color-brand-700)"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-2xl font-bold text-stone-900">
        {label}
      </span>
    </div>
  );
}

function Story() {
  const { t } = useTranslation("landing");
  const stats = [
    { value: "languagesValue", label: "languagesLabel" },
    { value: "trackingValue", label: "trackingLabel" },
    { value: "freeValue", label: "freeLabel" },
  ] as const;
  return (
    <section className="bg-white py-16 sm:py-24" aria-labelledby="story-title">
      <Container className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t("story.kicker")}
          </p>
          <h2
            id="story-title"
            className="mt-2 text-3xl font-semibold tracking-tight text-balance text-stone-900 sm:text-4xl"
          >
            {t("story.title")}
          </h2>
        </div>
        <div className="space-y-5 text-lg leading-8 text-stone-700">
          <p>{t("story.p1")}</p>
          <p>{t("story.p2")}</p>
        </div>
      </Container>
      <Container className="mt-14">
        <h3 className="sr-only">{t("stats.title")}</h3>
        <dl className="grid gap-4 sm:grid-cols-3">
          {stats.map((s) => (
            <div
              key={s.value}
              className="flex flex-col-reverse rounded-2xl border border-stone-200 bg-stone-50 px-6 py-8 text-center"
            >
              <dt className="mt-2 text-sm leading-6 text-stone-600">{t(`stats.${s.label}`)}</dt>
              <dd className="text-4xl font-bold tracking-tight text-brand-700 sm:text-5xl">
                {t(`stats.${s.value}`)}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

type FeatureKey = "calculator" | "nisab" | "dashboard" | "workspaces" | "embed";
const features: Array<{ key: FeatureKey; icon: LucideIcon; to: string; wide?: boolean }> = [
  { key: "calculator", icon: Calculator, to: "/calculator", wide: true },
  { key: "nisab", icon: MoonStar, to: "/nisab" },
  { key: "dashboard", icon: LayoutDashboard, to: "/dashboard" },
  { key: "workspaces", icon: Users, to: "/workspace-settings" },
  { key: "embed", icon: Code, to: "/embed-generator" },
];

function Features() {
  const { t } = useTranslation("landing");
  return (
    <section className="py-16 sm:py-24" aria-labelledby="features-title">
      <Container>
        <SectionHeading
          id="features-title"
          kicker={t("features.kicker")}
          title={t("features.title")}
          subtitle={t("features.subtitle")}
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {features.map(({ key, icon: Icon, to, wide }) => (
            <article
              key={key}
              className={cn(
                "flex flex-col rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8",
                wide && "md:col-span-2 lg:bg-gradient-to-br lg:from-white lg:to-brand-50",
              )}
            >
              <div className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-xl font-semibold tracking-tight text-stone-900">
                {t(`features.${key}.title`)}
              </h3>
              <p className="mt-3 leading-7 text-stone-600">{t(`features.${key}.text`)}</p>
              <ul className="mt-4 space-y-2 text-sm text-stone-700">
                {(["point1", "point2"] as const).map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-gold-600" aria-hidden="true" />
                    {t(`features.${key}.${point}`)}
                  </li>
                ))}
              </ul>
              <LocalizedLink
                to={to}
                className="group mt-auto inline-flex items-center gap-1.5 pt-6 text-sm font-semibold text-brand-700 hover:text-brand-900"
              >
                {t(`features.${key}.cta`)}
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </LocalizedLink>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}

type PersonaKey = "individuals" | "families" | "accountants" | "mosques";
const personas: Array<{ key: PersonaKey; icon: LucideIcon; to: string }> = [
  { key: "individuals", icon: UserRound, to: "/calculator" },
  { key: "families", icon: Users, to: "/workspace-settings" },
  { key: "accountants", icon: Briefcase, to: "/pricing" },
  { key: "mosques", icon: Mosque, to: "/embed-generator" },
];

function Personas() {
  const { t } = useTranslation("landing");
  return (
    <section className="bg-white py-16 sm:py-24" aria-labelledby="personas-title">
      <Container>
        <SectionHeading
          id="personas-title"
          kicker={t("personas.kicker")}
          title={t("personas.title")}
          subtitle={t("personas.subtitle")}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {personas.map(({ key, icon: Icon, to }) => (
            <li
              key={key}
              className="group relative flex flex-col rounded-3xl border border-stone-200 bg-stone-50 p-6 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
            >
              <div className="flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-800">
                <Icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold text-stone-900">
                {t(`personas.${key}.title`)}
              </h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-stone-600">
                {t(`personas.${key}.text`)}
              </p>
              <LocalizedLink
                to={to}
                className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-3xl hover:text-brand-900"
              >
                {t(`personas.${key}.cta`)}
                <ArrowRight className="size-4" aria-hidden="true" />
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

type BenefitKey =
  "dualCalendar" | "methodology" | "privacy" | "reminders" | "calendarSync" | "mobile";
const benefits: Array<{ key: BenefitKey; icon: LucideIcon; soon?: boolean }> = [
  { key: "dualCalendar", icon: CalendarDays },
  { key: "methodology", icon: Eye },
  { key: "privacy", icon: LockKeyhole },
  { key: "reminders", icon: BellRing },
  { key: "calendarSync", icon: CalendarSync },
  { key: "mobile", icon: Smartphone, soon: true },
];

function Benefits() {
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
          {benefits.map(({ key, icon: Icon, soon }) => (
            // a dl's group holds only its dt and dd: the icon lives in the dt, the text is
            // indented by the icon's width so both columns line up as before
            <div key={key}>
              <dt className="flex items-center gap-4 font-semibold text-stone-900">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  {t(`benefits.${key}.title`)}
                  {soon ? <Badge tone="gold">{t("benefits.soon")}</Badge> : null}
                </span>
              </dt>
              <dd className="mt-1.5 pl-15 text-sm leading-6 text-stone-600">
                {t(`benefits.${key}.text`)}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

function FinalCallToAction() {
  const { t } = useTranslation("landing");
  return (
    <section className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8" aria-labelledby="cta-title">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
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
