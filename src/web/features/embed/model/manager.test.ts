import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { configOptionsOf, failureOf, renamedTo, shortKey, withDisplayChange } from "./manager";

describe("renamedTo", () => {
  it("saves a trimmed, non-empty, changed name only", () => {
    expect(renamedTo("Mosque", "  Mosque site ")).toBe("Mosque site");
    expect(renamedTo("Mosque", "Mosque")).toBeNull();
    expect(renamedTo("Mosque", "  Mosque  ")).toBeNull();
    expect(renamedTo("Mosque", "   ")).toBeNull();
    expect(renamedTo("Mosque", "")).toBeNull();
  });
});

describe("shortKey", () => {
  it("shows the first 16 characters and an ellipsis", () => {
    expect(shortKey("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")).toBe("ABCDEFGHIJKLMNOP…");
  });
});

describe("failureOf", () => {
  it("reads the plan limit, the field codes, else the default message", () => {
    expect(failureOf(new ApiError(403, "PLAN_LIMIT_REACHED", "limit"), "createFailed")).toEqual({
      kind: "planLimit",
    });
    expect(
      failureOf(
        new ApiError(400, "VALIDATION_FAILED", "x", { "allowedDomains.1": "duplicate" }),
        "updateFailed",
      ),
    ).toEqual({ kind: "field", key: "duplicate" });
    expect(
      failureOf(
        new ApiError(400, "VALIDATION_FAILED", "x", { name: "nameRequired" }),
        "createFailed",
      ),
    ).toEqual({ kind: "field", key: "nameRequired" });
    expect(failureOf(new ApiError(0, "NETWORK", "x"), "deleteFailed")).toEqual({
      kind: "failed",
      key: "deleteFailed",
    });
    expect(failureOf(new Error("boom"), "createFailed")).toEqual({
      kind: "failed",
      key: "createFailed",
    });
  });
});

describe("configOptionsOf (issue 11: what a configuration fixes)", () => {
  const colours = { primaryColor: "#123456", accentColor: "#abcdef" };
  it("saves a chosen language and currency, and leaves out an open one", () => {
    expect(configOptionsOf({ language: "fr", currency: "USD", ...colours })).toEqual({
      language: "fr",
      currency: "USD",
      ...colours,
    });
    expect(configOptionsOf({ language: "open", currency: "open", ...colours })).toEqual(colours);
    expect(configOptionsOf({ language: "nl", currency: "open", ...colours })).toEqual({
      language: "nl",
      ...colours,
    });
  });
});

describe("withDisplayChange", () => {
  it("fixes or opens one setting and keeps the others", () => {
    const saved = { language: "fr" as const, currency: "USD" as const, primaryColor: "#123456" };
    expect(withDisplayChange(saved, { language: "open" })).toEqual({
      currency: "USD",
      primaryColor: "#123456",
    });
    expect(withDisplayChange(saved, { currency: "EUR" })).toEqual({
      language: "fr",
      currency: "EUR",
      primaryColor: "#123456",
    });
    expect(withDisplayChange({}, { language: "nl" })).toEqual({ language: "nl" });
    // the saved object is not changed
    expect(saved).toEqual({ language: "fr", currency: "USD", primaryColor: "#123456" });
  });
});
