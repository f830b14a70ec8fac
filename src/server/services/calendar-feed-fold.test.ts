import { foldLines as libraryFold } from "ical-generator";
import { describe, expect, it } from "vitest";
import { foldLines } from "./calendar-feed-fold.ts";

// Our folding must write what ical-generator's would: the feed's bytes, hence its ETag, do
// not depend on which one folded.

/** A deterministic generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ASCII, 2- and 3-octet characters, astral ones (surrogate pairs), lone surrogates, line ends
const pieces = ["a", "Z", " ", ":", ";", "é", "ç", "ر", "–", "€", "😀", "🌙", "\ud800", "\udc00"];

describe("foldLines", () => {
  it("folds as ical-generator does, over 2,000 random texts", () => {
    const next = random(44);
    for (let n = 0; n < 2000; n++) {
      const length = Math.floor(next() * 400);
      let text = "";
      for (let i = 0; i < length; i++) {
        text += next() < 0.02 ? "\r\n" : pieces[Math.floor(next() * pieces.length)]!;
      }
      expect(foldLines(text), JSON.stringify(text)).toBe(libraryFold(text));
    }
  });

  it("keeps lines of 74 octets whole and breaks the 75th onto a continuation line", () => {
    expect(foldLines("x".repeat(74))).toBe("x".repeat(74));
    expect(foldLines("x".repeat(75))).toBe(`${"x".repeat(74)}\r\n x`);
    expect(foldLines(`${"x".repeat(73)}é`)).toBe(`${"x".repeat(73)}\r\n é`);
  });
});
