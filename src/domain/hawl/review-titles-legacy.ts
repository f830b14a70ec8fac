import type { HawlLanguage } from "./hijri.ts";
import type { ReviewTitles } from "./reviews.ts";

// LEGACY, for src/web/features/tracker/test/fake-tracker-server.ts only, until that fake
// server is replaced by the real one (issue 16): the app takes these words from
// locales/<lang>/tracker.json `titles` (src/server/i18n). tests/unit/hawl-words.test.ts keeps
// the two equal. Delete this file with the fake server's import of it.

/** @deprecated the words are the catalogs' (src/server/i18n reviewTitlesIn) */
export const reviewTitles: Readonly<Record<HawlLanguage, ReviewTitles>> = {
  en: {
    quarterly: ["25% Zakat Review", "50% Zakat Review", "75% Zakat Review", "100% Zakat Review"],
    monthly: "Monthly Zakat Review",
  },
  fr: {
    quarterly: [
      "Bilan de zakat à 25 %",
      "Bilan de zakat à 50 %",
      "Bilan de zakat à 75 %",
      "Bilan de zakat à 100 %",
    ],
    monthly: "Bilan mensuel de zakat",
  },
  nl: {
    quarterly: [
      "Zakatcontrole 25%",
      "Zakatcontrole 50%",
      "Zakatcontrole 75%",
      "Zakatcontrole 100%",
    ],
    monthly: "Maandelijkse zakatcontrole",
  },
};
