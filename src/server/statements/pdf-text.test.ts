import { describe, expect, it } from "vitest";
import { faceOf, logicalRuns, needsRuns, visualRuns, wrapLines } from "./pdf-text.ts";

// Decision 069: the statement's lines in visual order, each run in the face that has its glyphs.

describe("faceOf", () => {
  it("sends Turkish letters outside Latin-1 to Inter's Latin Extended, Arabic to Noto", () => {
    expect([..."aéœ€ı"].map(faceOf)).toEqual(["latin", "latin", "latin", "latin", "latin"]);
    expect([..."ğşİĞŞ₺"].map(faceOf)).toEqual(Array(6).fill("latinExt"));
    expect([..."زكاة،١"].map(faceOf)).toEqual(Array(6).fill("arabic"));
  });

  it("needs runs only for a right-to-left page or a character outside Latin", () => {
    expect(needsRuns("Zakat due €38.25", false)).toBe(false);
    expect(needsRuns("Zakat due €38.25", true)).toBe(true);
    expect(needsRuns("Ödeme ğün", false)).toBe(true);
  });
});

describe("visualRuns", () => {
  it("keeps a left-to-right line as it is, cut where the face changes", () => {
    expect(visualRuns("Ödenen ğ tutar", false)).toEqual([
      { face: "latin", text: "Ödenen ", start: 0 },
      { face: "latinExt", text: "ğ", start: 7 },
      { face: "latin", text: " tutar", start: 8 },
    ]);
  });

  it("orders an Arabic line from the right: words reversed, numbers left to right", () => {
    // logical: "zakat due 38.25 €" → visually: "€ 38.25" on the left, the words on the right
    const runs = visualRuns("الزكاة المستحقة 38.25 €", true);
    expect(runs.map((r) => r.text).join("|")).toBe("€ 38.25 |المستحقة| |الزكاة");
    // drawn in logical order, a parser reads the words back in it
    expect(runs.map((r) => r.start)).toEqual([15, 7, 6, 0]);
    // an Arabic run is handed over in logical order: fontkit shapes and reverses it
    expect(runs.filter((r) => r.face === "arabic").map((r) => r.text)).toEqual([
      "المستحقة",
      "الزكاة",
    ]);
  });

  it("mirrors brackets on a right-to-left line and drops bidi marks", () => {
    const runs = visualRuns("\u200fالتاريخ (1446)", true);
    expect(runs.map((r) => r.text).join("")).toBe("(1446) التاريخ");
    expect(runs.some((r) => r.text.includes("\u200f"))).toBe(false);
  });

  it("places an Arabic name inside an English line where it belongs", () => {
    const runs = visualRuns("Workspace: عائلة أحمد, Paris", false);
    expect(runs.map((r) => r.text)).toEqual(["Workspace: ", "أحمد", " ", "عائلة", ", Paris"]);
  });
});

describe("wrapLines and logicalRuns", () => {
  it("wraps at spaces within the width and keeps explicit breaks", () => {
    const measure = (text: string) => text.length;
    expect(wrapLines("aa bb cc dd\nee", 5, measure)).toEqual(["aa bb", "cc dd", "ee"]);
    expect(wrapLines("toolongword x", 5, measure)).toEqual(["toolongword", "x"]);
  });

  it("measures runs in logical order", () => {
    expect(logicalRuns("a ğ زكاة")).toEqual([
      { face: "latin", text: "a ", start: 0 },
      { face: "latinExt", text: "ğ", start: 2 },
      { face: "latin", text: " ", start: 3 },
      { face: "arabic", text: "زكاة", start: 4 },
    ]);
  });
});
