import { describe, expect, it } from "vitest";
import { parentTarget } from "./frame-height";
import {
  heightMessageType,
  isMeasureMessage,
  maxFrameHeight,
  measureMessageType,
  minFrameHeight,
  readHeightMessage,
} from "./frame-messages";

describe("readHeightMessage (the host script's check of what a frame says)", () => {
  it("reads a height in whole pixels", () => {
    expect(readHeightMessage({ type: heightMessageType, height: 912.2 })).toBe(913);
  });

  it("clamps what no page could show", () => {
    expect(readHeightMessage({ type: heightMessageType, height: 0 })).toBe(minFrameHeight);
    expect(readHeightMessage({ type: heightMessageType, height: -5 })).toBe(minFrameHeight);
    expect(readHeightMessage({ type: heightMessageType, height: 1e9 })).toBe(maxFrameHeight);
  });

  it.each([
    null,
    "hawl-embed:height",
    { type: heightMessageType },
    { type: heightMessageType, height: "800" },
    { type: heightMessageType, height: Number.NaN },
    { type: heightMessageType, height: Number.POSITIVE_INFINITY },
    { type: "other", height: 800 },
    { type: measureMessageType },
  ])("refuses %j", (data) => {
    expect(readHeightMessage(data)).toBeNull();
  });

  it("knows the host script's request", () => {
    expect(isMeasureMessage({ type: measureMessageType })).toBe(true);
    expect(isMeasureMessage({ type: heightMessageType, height: 1 })).toBe(false);
    expect(isMeasureMessage(null)).toBe(false);
  });
});

describe("parentTarget", () => {
  const at = (origins: string[] | undefined) =>
    ({ ancestorOrigins: origins }) as unknown as Pick<Location, "ancestorOrigins">;

  it("is the framing site's origin when the browser says it", () => {
    expect(parentTarget(at(["https://mosque.example"]))).toBe("https://mosque.example");
  });

  it("is any origin otherwise (an opaque parent, or a browser without ancestorOrigins)", () => {
    expect(parentTarget(at(["null"]))).toBe("*");
    expect(parentTarget(at([]))).toBe("*");
    expect(parentTarget(at(undefined))).toBe("*");
  });
});
