import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "~/app/route-table";

// The embed's texts, of one language, fetched as their own chunks (the page never carries the
// other languages' catalogs). The embed build keeps only the sections listed in
// ./catalog-sections.ts.
type Catalog = { default: Record<string, unknown> };

const calculatorTexts: Record<Language, () => Promise<Catalog>> = {
  en: () => import("../../../locales/en/calculator.json"),
  fr: () => import("../../../locales/fr/calculator.json"),
  nl: () => import("../../../locales/nl/calculator.json"),
  ar: () => import("../../../locales/ar/calculator.json"),
  tr: () => import("../../../locales/tr/calculator.json"),
};

const embedTexts: Record<Language, () => Promise<Catalog>> = {
  en: () => import("../../../locales/en/embed.json"),
  fr: () => import("../../../locales/fr/embed.json"),
  nl: () => import("../../../locales/nl/embed.json"),
  ar: () => import("../../../locales/ar/embed.json"),
  tr: () => import("../../../locales/tr/embed.json"),
};

export async function embedI18n(lang: Language): Promise<I18n> {
  const [calculator, embed] = await Promise.all([calculatorTexts[lang](), embedTexts[lang]()]);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [lang],
    resources: { [lang]: { calculator: calculator.default, embed: embed.default } },
    ns: ["calculator", "embed"],
    defaultNS: "embed",
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
