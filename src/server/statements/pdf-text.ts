import bidiFactory from "bidi-js";

// Text the statement's fonts draw in any order and script (decision 069). pdfkit neither falls
// back from font to font per glyph nor reorders right-to-left text: a line is cut into runs of
// one font face, put in visual order here (Unicode bidi algorithm, bidi-js), and each run drawn
// at its own x. fontkit (under pdfkit) shapes Arabic and reverses an Arabic-script run itself,
// so such a run is handed over in logical order.

const bidi = bidiFactory();

/** Inter's Latin subset, Inter's Latin Extended subset (ğ ş İ …), Noto Sans Arabic. */
export type Face = "latin" | "latinExt" | "arabic";

// bidi controls and marks steer the order computed below and draw nothing themselves
const isControl = (c: number) =>
  c === 0x61c ||
  c === 0x200e ||
  c === 0x200f ||
  (c >= 0x202a && c <= 0x202e) ||
  (c >= 0x2066 && c <= 0x2069);

/** The face that draws a UTF-16 code unit, from the fonts' unicode ranges (@fontsource). */
export function faceOf(unit: string): Face {
  const c = unit.charCodeAt(0);
  if (
    (c >= 0x600 && c <= 0x6ff) ||
    (c >= 0x750 && c <= 0x77f) ||
    (c >= 0x870 && c <= 0x8ff) ||
    (c >= 0xfb50 && c <= 0xfdff) ||
    (c >= 0xfe70 && c <= 0xfefc)
  )
    return "arabic";
  if (
    c <= 0xff ||
    c === 0x131 ||
    c === 0x152 ||
    c === 0x153 ||
    (c >= 0x2000 && c <= 0x206f) ||
    c === 0x20ac ||
    c === 0x2122 ||
    c === 0x2212
  )
    return "latin";
  return "latinExt";
}

/** Whether a text needs runs: a right-to-left document, or a character outside Inter's Latin. */
export function needsRuns(text: string, rtl: boolean): boolean {
  if (rtl) return true;
  for (let i = 0; i < text.length; i++) if (faceOf(text[i]!) !== "latin") return true;
  return false;
}

export interface Run {
  face: Face;
  /** what pdfkit is handed: visual order, except an Arabic run's (fontkit reverses it) */
  text: string;
  /** where the run starts in the logical text: runs drawn in this order read back in it */
  start: number;
}

/** Logical runs of one face: for measuring (a width does not depend on order). */
export function logicalRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text[i]!;
    if (isControl(unit.charCodeAt(0))) continue;
    const face = faceOf(unit);
    const last = runs.at(-1);
    if (last?.face === face) last.text += unit;
    else runs.push({ face, text: unit, start: i });
  }
  return runs;
}

/** One line's runs from left to right, for a paragraph of the given direction. */
export function visualRuns(line: string, rtl: boolean): Run[] {
  const levels = bidi.getEmbeddingLevels(line, rtl ? "rtl" : "ltr");
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, levels)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const runs: { face: Face; units: string[]; start: number }[] = [];
  for (const i of order) {
    const unit = mirrored.get(i) ?? line[i]!;
    if (isControl(unit.charCodeAt(0))) continue;
    const face = faceOf(unit);
    const last = runs.at(-1);
    if (last?.face === face) {
      last.units.push(unit);
      last.start = Math.min(last.start, i);
    } else runs.push({ face, units: [unit], start: i });
  }
  return runs.map(({ face, units, start }) => ({
    face,
    text: (face === "arabic" ? units.reverse() : units).join(""),
    start,
  }));
}

/**
 * A paragraph cut into lines no wider than `width` at its spaces (a word wider than the line
 * stays whole), `measure` giving a text's width; explicit line breaks are kept.
 */
export function wrapLines(text: string, width: number, measure: (text: string) => number) {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (line !== "" && measure(candidate) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}
