import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "~/app/route-table";

// The embed's texts, of one language, fetched as their own chunks (the page never carries the
// other languages' catalogs). The catalogs also hold the app's texts (the calculator page's
// sessions, saving and documents; the embed generator and manager): only the sections the embed
// shows are imported, by name in a destructuring pattern, so the bundler leaves the rest out of
// the chunks (issue 18: at most 70 KB of gzipped JavaScript). A section the embed starts to use
// must be added here.
type Catalog = Record<string, unknown>;

const calculatorTexts: Record<Language, () => Promise<Catalog>> = {
  en: () =>
    import("../../../locales/en/calculator.json").then(
      ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }) => ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }),
    ),
  fr: () =>
    import("../../../locales/fr/calculator.json").then(
      ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }) => ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }),
    ),
  nl: () =>
    import("../../../locales/nl/calculator.json").then(
      ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }) => ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }),
    ),
  ar: () =>
    import("../../../locales/ar/calculator.json").then(
      ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }) => ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }),
    ),
  tr: () =>
    import("../../../locales/tr/calculator.json").then(
      ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }) => ({
        title,
        subtitle,
        progress,
        nav,
        steps,
        amount,
        units,
        assets,
        liabilities,
        fields,
        bank,
        goldSilver,
        settings,
        results,
        privacy,
        rules,
      }),
    ),
};

const embedTexts: Record<Language, () => Promise<Catalog>> = {
  en: () =>
    import("../../../locales/en/embed.json").then(({ newTab, calculator, restricted, cta }) => ({
      newTab,
      calculator,
      restricted,
      cta,
    })),
  fr: () =>
    import("../../../locales/fr/embed.json").then(({ newTab, calculator, restricted, cta }) => ({
      newTab,
      calculator,
      restricted,
      cta,
    })),
  nl: () =>
    import("../../../locales/nl/embed.json").then(({ newTab, calculator, restricted, cta }) => ({
      newTab,
      calculator,
      restricted,
      cta,
    })),
  ar: () =>
    import("../../../locales/ar/embed.json").then(({ newTab, calculator, restricted, cta }) => ({
      newTab,
      calculator,
      restricted,
      cta,
    })),
  tr: () =>
    import("../../../locales/tr/embed.json").then(({ newTab, calculator, restricted, cta }) => ({
      newTab,
      calculator,
      restricted,
      cta,
    })),
};

export async function embedI18n(lang: Language): Promise<I18n> {
  const [calculator, embed] = await Promise.all([calculatorTexts[lang](), embedTexts[lang]()]);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [lang],
    resources: { [lang]: { calculator, embed } },
    ns: ["calculator", "embed"],
    defaultNS: "embed",
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
