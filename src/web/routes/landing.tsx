import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { PLAN_CURRENCY, planPrices } from "~/app/plans";
import { localizedPath } from "~/app/route-table";
import { SITE_URL } from "~/app/site";
import { LanguageSuggestion } from "~/components/layout/language-suggestion";
import { StructuredData } from "~/components/structured-data";
import { Benefits, FinalCallToAction } from "~/features/landing/components/benefits";
import { Hero } from "~/features/landing/components/hero";
import { Features, Personas, Story } from "~/features/landing/components/offer-sections";
import { staticPage } from "~/app/static-page";

// served as HTML without the SPA runtime (decision 025)
export const handle = staticPage;

export default function LandingPage() {
  const lang = useLanguage();
  return (
    <>
      {lang === "en" ? <LanguageSuggestion lang={lang} /> : null}
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
