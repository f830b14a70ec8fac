import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { failureOf, renamedTo, shortKey } from "./manager";

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
