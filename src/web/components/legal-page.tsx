import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL } from "~/app/site";
import { SectionHeading } from "./section-heading";
import { Container } from "./ui/container";

/** A short legal text: heading, intro and titled sections from the "legal" namespace. */
export function LegalPage({
  title,
  kicker,
  intro,
  sections,
}: {
  title: string;
  kicker: string;
  intro: string;
  sections: Array<{ key: string; title: string; text: string }>;
}) {
  const { t } = useTranslation("legal");
  return (
    <article className="py-12 sm:py-20">
      <Container size="narrow">
        <SectionHeading as="h1" align="left" kicker={kicker} title={title} subtitle={intro} />
        <div className="mt-10 space-y-8">
          {sections.map((section) => (
            <section key={section.key} className="border-t border-stone-200 pt-6">
              <h2 className="text-lg font-semibold text-stone-900">{section.title}</h2>
              <p className="mt-2 leading-7 text-stone-700">{section.text}</p>
            </section>
          ))}
        </div>
        <p className="mt-10 border-t border-stone-200 pt-6 text-stone-600">
          {t("contactLine", { email: SUPPORT_EMAIL })}
        </p>
      </Container>
    </article>
  );
}
