import { Calculator, Check, LayoutDashboard, MoonStar } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay, formatHijriDay } from "#domain/dates/index.ts";
import { localeTags } from "~/app/locale-tags";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Container } from "~/components/ui/container";
import { exampleYear } from "../model/example-year";

// The landing page's first screen: the promise, the calls to action and a zakat year preview.

export function Hero() {
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
  const { t, i18n } = useTranslation("landing");
  const lang = i18n.language as Language;
  const year = exampleYear();
  const both = (day: string) => `${formatDay(day, lang)} · ${formatHijriDay(day, lang)}`;
  const percent = new Intl.NumberFormat(localeTags[lang], { style: "percent" }).format(
    year.percent / 100,
  );
  const milestones = [
    { title: "m1", date: both(year.threshold), tone: "bg-emerald-500" },
    { title: "m2", date: both(year.firstReview), tone: "bg-gold-500" },
    { title: "m3", date: both(year.due), tone: "bg-brand-700" },
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
          <ProgressRing percent={year.percent} label={percent} />
          <div className="min-w-0">
            <Badge tone="success">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
              {t("preview.status")}
            </Badge>
            <p className="mt-3 text-sm text-stone-500">{t("preview.ofYear")}</p>
            <p className="text-base font-semibold text-stone-900">
              {t("preview.elapsed", { day: year.day, length: year.length })}
            </p>
          </div>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-brand-50 p-4">
            <p className="text-xs font-medium text-brand-800">{t("preview.dueLabel")}</p>
            <p className="mt-1 font-semibold text-stone-900">{formatDay(year.due, lang)}</p>
            <p className="text-xs text-stone-600">{formatHijriDay(year.due, lang)}</p>
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
        <ol className="mt-3 space-y-3 border-s-2 border-stone-100 ps-4">
          {milestones.map((m) => (
            <li key={m.title} className="relative" data-testid={`preview-${m.title}`}>
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-1.5 -inset-s-[1.4rem] size-2.5 rounded-full ring-4 ring-white",
                  m.tone,
                )}
              />
              <p className="text-sm font-medium text-stone-900">{t(`preview.${m.title}`)}</p>
              <p className="text-xs text-stone-500">{m.date}</p>
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
