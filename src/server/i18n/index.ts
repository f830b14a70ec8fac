import i18next, { type i18n as I18n } from "i18next";
import enCalculator from "../../../locales/en/calculator.json" with { type: "json" };
import enStatement from "../../../locales/en/statement.json" with { type: "json" };
import frCalculator from "../../../locales/fr/calculator.json" with { type: "json" };
import frStatement from "../../../locales/fr/statement.json" with { type: "json" };
import nlCalculator from "../../../locales/nl/calculator.json" with { type: "json" };
import nlStatement from "../../../locales/nl/statement.json" with { type: "json" };
import enFeeds from "../../../locales/en/calendar-feeds.json" with { type: "json" };
import enEmail from "../../../locales/en/email.json" with { type: "json" };
import enExport from "../../../locales/en/export.json" with { type: "json" };
import enTracker from "../../../locales/en/tracker.json" with { type: "json" };
import frFeeds from "../../../locales/fr/calendar-feeds.json" with { type: "json" };
import frEmail from "../../../locales/fr/email.json" with { type: "json" };
import frExport from "../../../locales/fr/export.json" with { type: "json" };
import frTracker from "../../../locales/fr/tracker.json" with { type: "json" };
import nlFeeds from "../../../locales/nl/calendar-feeds.json" with { type: "json" };
import nlEmail from "../../../locales/nl/email.json" with { type: "json" };
import nlExport from "../../../locales/nl/export.json" with { type: "json" };
import nlTracker from "../../../locales/nl/tracker.json" with { type: "json" };
import arCalculator from "../../../locales/ar/calculator.json" with { type: "json" };
import arStatement from "../../../locales/ar/statement.json" with { type: "json" };
import arFeeds from "../../../locales/ar/calendar-feeds.json" with { type: "json" };
import arEmail from "../../../locales/ar/email.json" with { type: "json" };
import arExport from "../../../locales/ar/export.json" with { type: "json" };
import arTracker from "../../../locales/ar/tracker.json" with { type: "json" };
import trCalculator from "../../../locales/tr/calculator.json" with { type: "json" };
import trStatement from "../../../locales/tr/statement.json" with { type: "json" };
import trFeeds from "../../../locales/tr/calendar-feeds.json" with { type: "json" };
import trEmail from "../../../locales/tr/email.json" with { type: "json" };
import trExport from "../../../locales/tr/export.json" with { type: "json" };
import trTracker from "../../../locales/tr/tracker.json" with { type: "json" };
import { languages, type Language } from "../../domain/language.ts";

// The server's words come from the web's catalogs (locales/<lang>/<namespace>.json), through
// i18next as on the web: the same texts, the same plural rules (count: French takes the
// singular for 0 and 1, English, Dutch and Turkish for 1 only, Arabic has six forms). Values
// are inserted as they are (no HTML escaping): e-mails escape their own text
// (mail/templates/render.ts), iCalendar
// has its own escaping (ical-generator).

const catalogs = {
  en: {
    email: enEmail,
    tracker: enTracker,
    "calendar-feeds": enFeeds,
    calculator: enCalculator,
    statement: enStatement,
    export: enExport,
  },
  fr: {
    email: frEmail,
    tracker: frTracker,
    "calendar-feeds": frFeeds,
    calculator: frCalculator,
    statement: frStatement,
    export: frExport,
  },
  nl: {
    email: nlEmail,
    tracker: nlTracker,
    "calendar-feeds": nlFeeds,
    calculator: nlCalculator,
    statement: nlStatement,
    export: nlExport,
  },
  ar: {
    email: arEmail,
    tracker: arTracker,
    "calendar-feeds": arFeeds,
    calculator: arCalculator,
    statement: arStatement,
    export: arExport,
  },
  tr: {
    email: trEmail,
    tracker: trTracker,
    "calendar-feeds": trFeeds,
    calculator: trCalculator,
    statement: trStatement,
    export: trExport,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type ServerNamespace = keyof (typeof catalogs)["en"];

/** A text of one namespace in one language; a key the catalog lacks is an error, not a key. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const instances = new Map<Language, I18n>();

function instanceFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...languages],
      resources: { [lang]: catalogs[lang] },
      ns: Object.keys(catalogs[lang]),
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

// The web's catalogs type i18next's keys for the web (src/web/app/i18n-resources.ts); the
// server's namespaces are its own, so it calls i18next untyped and checks keys as it goes.
interface UntypedI18n {
  getFixedT(lng: string, ns: string): (key: string, values?: object) => string;
  exists(key: string, options: object): boolean;
}

export function serverT(lang: Language, ns: ServerNamespace): Translate {
  const instance = instanceFor(lang) as unknown as UntypedI18n;
  const t = instance.getFixedT(lang, ns);
  return (key, values) => {
    if (!instance.exists(key, { ns, ...values })) {
      throw new Error(`Missing translation "${ns}:${key}" in ${lang}`);
    }
    return t(key, values);
  };
}
