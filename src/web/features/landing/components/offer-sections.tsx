import {
  ArrowRight,
  Briefcase,
  Calculator,
  Check,
  Code,
  LayoutDashboard,
  MoonStar,
  Mosque,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { cn } from "~/components/ui/cn";
import { Container } from "~/components/ui/container";

// The landing page's middle: how Hawl works, what it does, and for whom.

export function Story() {
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

export function Features() {
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
                  className="size-4 transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
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

export function Personas() {
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
