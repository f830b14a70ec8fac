import { ArrowUpRight, HandHeart, Heart, Mail, Tag, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DONATION_ORGANISATIONS, SUPPORT_EMAIL, mailto } from "~/app/site";
import { ExternalLink, LocalizedLink } from "~/components/localized-link";
import { SectionHeading } from "~/components/section-heading";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { staticPage } from "~/app/static-page";

// served as HTML without the SPA runtime (decision 025)
export const handle = staticPage;

export default function DonatePage() {
  const { t } = useTranslation("donate");
  const { t: tc } = useTranslation();

  return (
    <>
      <section className="relative -mt-16 overflow-hidden pt-28 pb-12 sm:pt-36">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[26rem] bg-[radial-gradient(46rem_22rem_at_50%_0%,var(--color-gold-100),transparent_70%)]"
        />
        <Container size="narrow" className="text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
            <HandHeart className="size-7" aria-hidden="true" />
          </div>
          <SectionHeading as="h1" kicker={t("kicker")} title={t("title")} className="mt-4" />
          <div className="mx-auto mt-6 max-w-2xl space-y-4 text-lg leading-8 text-stone-700">
            <p>{t("intro1")}</p>
            <p>{t("intro2")}</p>
          </div>
        </Container>
      </section>

      <section className="pb-16" aria-labelledby="organisations-title">
        <Container>
          <h2
            id="organisations-title"
            className="text-2xl font-semibold tracking-tight text-stone-900"
          >
            {t("organisations.title")}
          </h2>
          <p className="mt-2 text-stone-600">{t("organisations.text")}</p>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {DONATION_ORGANISATIONS.map((org) => {
              const name = t(`organisations.${org.id}.name`);
              return (
                <li key={org.id}>
                  <Card className="flex h-full flex-col">
                    <CardTitle>{name}</CardTitle>
                    <CardDescription className="mt-2 flex-1 text-base leading-7">
                      {t(`organisations.${org.id}.text`)}
                    </CardDescription>
                    <Button asChild variant="secondary" wrap className="mt-6 self-start">
                      <ExternalLink href={org.url} newTabLabel={tc("opensInNewTab")}>
                        {t("organisations.visit", { name })}
                        <ArrowUpRight aria-hidden="true" />
                      </ExternalLink>
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 text-sm leading-6 text-stone-500">{t("organisations.disclaimer")}</p>
        </Container>
      </section>

      <section className="bg-white py-16 sm:py-20" aria-labelledby="support-title">
        <Container>
          <h2 id="support-title" className="text-2xl font-semibold tracking-tight text-stone-900">
            {t("support.title")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            <SupportCard
              icon={UserPlus}
              title={t("support.signup.title")}
              text={t("support.signup.text")}
              action={
                <Button asChild>
                  <LocalizedLink to="/signup">{t("support.signup.cta")}</LocalizedLink>
                </Button>
              }
            />
            <SupportCard
              icon={Tag}
              title={t("support.plans.title")}
              text={t("support.plans.text")}
              action={
                <Button asChild variant="secondary">
                  <LocalizedLink to="/pricing">{t("support.plans.cta")}</LocalizedLink>
                </Button>
              }
            />
            <SupportCard
              icon={Mail}
              title={t("support.contact.title")}
              text={t("support.contact.text")}
              action={
                <Button asChild variant="secondary" wrap>
                  <a href={mailto()} className="[overflow-wrap:anywhere]">
                    {t("support.contact.cta", { email: SUPPORT_EMAIL })}
                  </a>
                </Button>
              }
            />
          </ul>
        </Container>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="thanks-title">
        <Container size="narrow" className="text-center">
          <Heart className="mx-auto size-8 fill-gold-400 text-gold-500" aria-hidden="true" />
          <h2
            id="thanks-title"
            className="mt-4 text-3xl font-semibold tracking-tight text-stone-900"
          >
            {t("thanks.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-stone-600">
            {t("thanks.text")}
          </p>
        </Container>
      </section>
    </>
  );
}

function SupportCard({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof Mail;
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-stone-200 bg-stone-50 p-6">
      <Icon className="size-6 text-brand-700" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-stone-900">{title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-stone-600">{text}</p>
      <div className="mt-6">{action}</div>
    </li>
  );
}
