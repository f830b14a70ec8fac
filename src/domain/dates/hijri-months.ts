import type { Language } from "../language.ts";

// The Hijri months' names, one spelling per language (decision 055). ICU's names differ between
// versions and languages ("Rabiʻ I", "rabia al awal", "Joemadʻal thani"), so the product reads
// only the Umm al-Qura numbers from Intl and the names from here. No apostrophes or ʻayn signs:
// the same name is typed in searches, read aloud and written into e-mails and calendar feeds.

/** 1 = Muharram … 9 = Ramadan … 12 = Dhu al-Hijjah. */
export const hijriMonthNames: Record<Language, readonly string[]> = {
  en: [
    "Muharram",
    "Safar",
    "Rabi al-Awwal",
    "Rabi al-Thani",
    "Jumada al-Awwal",
    "Jumada al-Thani",
    "Rajab",
    "Shaban",
    "Ramadan",
    "Shawwal",
    "Dhu al-Qadah",
    "Dhu al-Hijjah",
  ],
  // French months are lower case, as the Gregorian ones ("28 novembre")
  fr: [
    "mouharram",
    "safar",
    "rabia al-awal",
    "rabia ath-thani",
    "joumada al-oula",
    "joumada ath-thania",
    "rajab",
    "chaabane",
    "ramadan",
    "chawwal",
    "dhou al-qida",
    "dhou al-hijja",
  ],
  nl: [
    "Moeharram",
    "Safar",
    "Rabi al-Awwal",
    "Rabi al-Akhir",
    "Djoemada al-Oela",
    "Djoemada al-Akhira",
    "Radjab",
    "Sjaban",
    "Ramadan",
    "Sjawwal",
    "Dhoe al-Qada",
    "Dhoe al-Hidjdja",
  ],
  // the names ICU gives `ar` on the islamic-umalqura calendar (a unit test compares them)
  ar: [
    "محرم",
    "صفر",
    "ربيع الأول",
    "ربيع الآخر",
    "جمادى الأولى",
    "جمادى الآخرة",
    "رجب",
    "شعبان",
    "رمضان",
    "شوال",
    "ذو القعدة",
    "ذو الحجة",
  ],
  // the spelling of Turkey's Diyanet calendar, which ICU's `tr` also gives
  tr: [
    "Muharrem",
    "Safer",
    "Rebiülevvel",
    "Rebiülahir",
    "Cemaziyelevvel",
    "Cemaziyelahir",
    "Recep",
    "Şaban",
    "Ramazan",
    "Şevval",
    "Zilkade",
    "Zilhicce",
  ],
};

/** The era after a Hijri year: ICU's "AH" in en/fr/nl, "هـ" in Arabic, Turkish "H" (1448 H). */
export const hijriEra: Record<Language, string> = {
  en: "AH",
  fr: "AH",
  nl: "AH",
  ar: "هـ",
  tr: "H",
};
