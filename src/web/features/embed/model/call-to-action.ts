import type { EmbedCallToAction } from "#contracts/embed.ts";
import type { EmbedLanguage } from "#domain/embed/index.ts";

// The call-to-action form of a configuration (issue 18): the request's `callToAction`, checked
// by its schema in the contract (the domain's rules) before saving; the server checks again and
// names the refused field.

export interface CallToActionForm {
  urlTemplate: string;
  organisation: string;
  label: Record<EmbedLanguage, string>;
}

/** The form's values from the saved call to action (every language's text, empty if none). */
export function callToActionForm(saved: EmbedCallToAction | null): CallToActionForm {
  return {
    urlTemplate: saved?.urlTemplate ?? "",
    organisation: saved?.organisation ?? "",
    label: {
      en: saved?.label?.en ?? "",
      fr: saved?.label?.fr ?? "",
      nl: saved?.label?.nl ?? "",
      ar: saved?.label?.ar ?? "",
      tr: saved?.label?.tr ?? "",
    },
  };
}
