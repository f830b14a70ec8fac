// The sections of the catalogs that the embed shows. The catalogs also hold the app's texts (the
// calculator page's sessions, saving and documents; the embed generator and manager), which the
// embed build leaves out of its chunks (vite.embed.config.ts; issue 18's size budget). A section
// the embed starts to use must be added here.
export const embedCatalogSections: Readonly<Record<string, readonly string[]>> = {
  "calculator.json": [
    "title",
    "subtitle",
    "progress",
    "nav",
    "steps",
    "amount",
    "units",
    "assets",
    "liabilities",
    "fields",
    "bank",
    "goldSilver",
    "settings",
    "results",
    "privacy",
    "rules",
  ],
  "embed.json": ["newTab", "calculator", "restricted", "cta"],
};
