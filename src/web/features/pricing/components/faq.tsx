import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { SectionHeading } from "~/components/section-heading";
import { StructuredData } from "~/components/structured-data";
import { Container } from "~/components/ui/container";

// The pricing page's questions and answers.

const faqItems = ["workspace", "embed", "changePlan", "payment", "trial", "limits"] as const;

/**
 * Native <details>: answers stay in the prerendered HTML and work without JavaScript. The same
 * questions and answers as schema.org FAQPage structured data.
 */
export function Faq() {
  const { t } = useTranslation("pricing");
  const lang = useLanguage();
  return (
    <section id="faq" className="scroll-mt-20 bg-white py-16 sm:py-24" aria-labelledby="faq-title">
      <StructuredData
        data={{
          "@type": "FAQPage",
          inLanguage: lang,
          mainEntity: faqItems.map((item) => ({
            "@type": "Question",
            name: t(`faq.${item}.question`),
            acceptedAnswer: { "@type": "Answer", text: t(`faq.${item}.answer`) },
          })),
        }}
      />
      <Container size="narrow">
        <SectionHeading id="faq-title" title={t("faq.title")} />
        <div className="mt-10 divide-y divide-stone-200 rounded-2xl border border-stone-200">
          {faqItems.map((item) => (
            <details key={item} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-start font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                {t(`faq.${item}.question`)}
                <ChevronDown
                  className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="pb-5 leading-7 text-stone-600">{t(`faq.${item}.answer`)}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
