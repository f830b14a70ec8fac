import { describe, expect, it } from "vitest";
import { callToActionForm } from "./call-to-action";

// The form's checks are the contract's schema (call-to-action-dialog.test.tsx).

describe("the call-to-action form", () => {
  it("fills the form from a saved call to action", () => {
    expect(
      callToActionForm({ urlTemplate: "https://m.org", organisation: "M", label: { nl: "Geef" } }),
    ).toEqual({
      urlTemplate: "https://m.org",
      organisation: "M",
      label: { en: "", fr: "", nl: "Geef", ar: "", tr: "" },
    });
  });

  it("starts empty without one", () => {
    expect(callToActionForm(null)).toEqual({
      urlTemplate: "",
      organisation: "",
      label: { en: "", fr: "", nl: "", ar: "", tr: "" },
    });
  });
});
