import { byNamespace } from "./by-namespace";

// Every namespace of one language, one chunk (app/i18n.ts loads the page's language only).
export default byNamespace(
  import.meta.glob<Record<string, unknown>>("../../../../locales/nl/*.json", {
    eager: true,
    import: "default",
  }),
);
