import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { callToActionErrorsOf, callToActionForm, checkCallToActionForm } from "./call-to-action";

const form = (fields: Partial<ReturnType<typeof callToActionForm>> = {}) => ({
  ...callToActionForm(null),
  ...fields,
});

describe("the call-to-action form", () => {
  it.each([
    [
      form({ urlTemplate: " https://m.org/give?a={amount} ", organisation: " Masjid " }),
      { ok: true, body: { urlTemplate: "https://m.org/give?a={amount}", organisation: "Masjid" } },
    ],
    [
      form({
        urlTemplate: "https://m.org",
        organisation: "Masjid",
        label: { en: "", fr: " Payez ", nl: "", ar: "", tr: "" },
      }),
      {
        ok: true,
        body: { urlTemplate: "https://m.org", organisation: "Masjid", label: { fr: "Payez" } },
      },
    ],
    [
      form({ urlTemplate: "javascript:alert(1)", organisation: "" }),
      { ok: false, errors: { urlTemplate: "https_only", organisation: "required" } },
    ],
    [
      form({
        urlTemplate: "https://m.org",
        organisation: "x".repeat(101),
        label: { en: "y".repeat(81), fr: "", nl: "", ar: "", tr: "" },
      }),
      { ok: false, errors: { organisation: "too_long", label: { en: "too_long" } } },
    ],
  ])("%j → %j", (input, expected) => {
    expect(checkCallToActionForm(input)).toEqual(expected);
  });

  it("reads the server's field errors", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "x", {
      "callToAction.urlTemplate": "too_long",
      "callToAction.label.nl": "too_long",
    });
    expect(callToActionErrorsOf(error)).toEqual({
      urlTemplate: "too_long",
      label: { nl: "too_long" },
    });
    expect(callToActionErrorsOf(new ApiError(403, "PLAN_LIMIT_REACHED", "x"))).toBeNull();
  });

  it("fills the form from a saved call to action", () => {
    expect(
      callToActionForm({ urlTemplate: "https://m.org", organisation: "M", label: { nl: "Geef" } }),
    ).toEqual({
      urlTemplate: "https://m.org",
      organisation: "M",
      label: { en: "", fr: "", nl: "Geef", ar: "", tr: "" },
    });
  });
});
