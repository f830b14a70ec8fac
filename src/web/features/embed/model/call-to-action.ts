import { ApiError } from "~/lib/api-client";
import type { EmbedCallToAction, EmbedCallToActionInput } from "#contracts/embed.ts";
import {
  checkCallToActionUrl,
  embedLanguages,
  normaliseOrganisation,
  maxCallToActionLabelLength,
  type CallToActionUrlProblem,
  type EmbedLanguage,
} from "#domain/embed/index.ts";

// The call-to-action form of a configuration (issue 18): checked with the domain's rules
// before saving; the server checks again and names the refused field.

export interface CallToActionForm {
  urlTemplate: string;
  organisation: string;
  label: Record<EmbedLanguage, string>;
}

export type CallToActionErrors = Partial<{
  urlTemplate: CallToActionUrlProblem;
  organisation: "required" | "too_long";
  label: Partial<Record<EmbedLanguage, "too_long">>;
}>;

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

/** The request body of a form, or its field errors. */
export function checkCallToActionForm(
  form: CallToActionForm,
):
  | { ok: true; body: NonNullable<EmbedCallToActionInput> }
  | { ok: false; errors: CallToActionErrors } {
  const errors: CallToActionErrors = {};
  const url = checkCallToActionUrl(form.urlTemplate);
  if (!url.ok) errors.urlTemplate = url.problem;
  const organisation = normaliseOrganisation(form.organisation);
  if (!organisation) {
    errors.organisation = form.organisation.trim() === "" ? "required" : "too_long";
  }
  const label: Partial<Record<EmbedLanguage, string>> = {};
  for (const lang of embedLanguages) {
    const text = form.label[lang].trim();
    if (text.length > maxCallToActionLabelLength) {
      errors.label = { ...errors.label, [lang]: "too_long" };
    } else if (text) label[lang] = text;
  }
  if (!url.ok || !organisation || errors.label) return { ok: false, errors };
  return {
    ok: true,
    body: {
      urlTemplate: url.url,
      organisation,
      ...(Object.keys(label).length ? { label } : {}),
    },
  };
}

/** The field errors of a refused save (400 with `callToAction.<field>`), if any. */
export function callToActionErrorsOf(error: unknown): CallToActionErrors | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const errors: CallToActionErrors = {};
  for (const [field, code] of Object.entries(error.fields)) {
    if (field === "callToAction.urlTemplate") {
      errors.urlTemplate = code as CallToActionUrlProblem;
    } else if (field === "callToAction.organisation") {
      errors.organisation = code === "too_long" ? "too_long" : "required";
    } else if (field.startsWith("callToAction.label.")) {
      const lang = field.slice("callToAction.label.".length) as EmbedLanguage;
      errors.label = { ...errors.label, [lang]: "too_long" };
    }
  }
  return Object.keys(errors).length ? errors : null;
}
