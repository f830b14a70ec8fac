import { ArrowLeft, Compass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";

/** Any unknown path, in the language of its prefix (spec §2, §8). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-1 items-center" data-page="not-found">
      <Container size="narrow" className="py-20 text-center sm:py-28">
        <div className="relative mx-auto flex size-24 items-center justify-center">
          <span className="absolute inset-0 rounded-full bg-brand-100/70" aria-hidden="true" />
          <span className="absolute inset-3 rounded-full bg-brand-50" aria-hidden="true" />
          <Compass className="relative size-10 text-brand-700" aria-hidden="true" />
        </div>
        <p className="mt-8 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t("notFound.code")}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
          {t("notFound.title")}
        </h1>
        <p className="mx-auto mt-4 max-w-md text-lg leading-8 text-stone-600">
          {t("notFound.text")}
        </p>
        <Button asChild size="lg" className="mt-8">
          <LocalizedLink to="/">
            <ArrowLeft aria-hidden="true" />
            {t("notFound.goHome")}
          </LocalizedLink>
        </Button>
      </Container>
    </section>
  );
}
