import { Trans, useTranslation } from "react-i18next";
import { SUPPORT_EMAIL, mailto } from "~/app/site";
import { SectionHeading } from "./section-heading";
import { Container } from "./ui/container";

export interface LegalSection {
  key: string;
  title: string;
  /** paragraphs */
  text?: string | string[];
  /** a list after the text */
  items?: string[];
}

/**
 * A short legal text: heading, intro, titled sections from the "legal" namespace, and the
 * support address as a link.
 */
export function LegalPage({
  title,
  kicker,
  intro,
  sections,
}: {
  title: string;
  kicker: string;
  intro: string;
  sections: LegalSection[];
}) {
  const { t } = useTranslation("legal");
  return (
    <article className="py-12 sm:py-20">
      <Container size="narrow">
        <SectionHeading as="h1" align="left" kicker={kicker} title={title} subtitle={intro} />
        <div className="mt-10 space-y-8">
          {sections.map((section) => (
            <section
              key={section.key}
              className="border-t border-stone-200 pt-6"
              data-testid={`legal-${section.key}`}
            >
              <h2 className="text-lg font-semibold text-stone-900">{section.title}</h2>
              {[section.text ?? []].flat().map((paragraph) => (
                <p key={paragraph} className="mt-2 leading-7 text-stone-700">
                  {paragraph}
                </p>
              ))}
              {section.items ? (
                <ul className="mt-2 list-disc space-y-2 ps-5 leading-7 text-stone-700">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
        <p className="mt-10 border-t border-stone-200 pt-6 text-stone-600">
          <Trans
            t={t}
            i18nKey="contactLine"
            values={{ email: SUPPORT_EMAIL }}
            components={{
              mail: (
                <a
                  href={mailto()}
                  className="font-medium text-brand-700 underline [overflow-wrap:anywhere]"
                />
              ),
            }}
          />
        </p>
      </Container>
    </article>
  );
}
