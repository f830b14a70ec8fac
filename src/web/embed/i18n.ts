import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "~/app/route-table";

// The embed's texts: the calculator's and the embed's namespaces of one language, fetched as
// their own chunks (the page never carries the other languages' catalogs).
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>(
  "../../../locales/*/{calculator,embed}.json",
);

async function catalog(lang: Language, ns: "calculator" | "embed") {
  const load = catalogs[`../../../locales/${lang}/${ns}.json`];
  if (!load) throw new Error(`No catalog ${lang}/${ns}`);
  return (await load()).default;
}

export async function embedI18n(lang: Language): Promise<I18n> {
  const [calculator, embed] = await Promise.all([
    catalog(lang, "calculator"),
    catalog(lang, "embed"),
  ]);
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
