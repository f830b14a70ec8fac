import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { PdfBlock, PdfDocumentModel } from "./pdf-document.ts";
import { logicalRuns, needsRuns, visualRuns, wrapLines, type Face } from "./pdf-text.ts";
import { woffToSfnt } from "./woff.ts";

// Draws a PdfDocumentModel with pdfkit (decision 063): A4, Inter embedded (subset, so the text
// stays selectable and searchable), page numbers written once every page exists. Runs on the
// render thread (pdf-worker.ts): a statement takes tens of milliseconds of CPU.

const require = createRequire(import.meta.url);
// Inter's Latin subset (Latin-1, Œ, €, typographic quotes and dashes: en, fr, nl), its Latin
// Extended subset (ğ ş İ: Turkish, names) and Noto Sans Arabic, each a regular and a bold face
// (decision 069): pdf-text.ts picks the one each character needs.
const fontFiles: Record<Face, (weight: 400 | 700) => string> = {
  latin: (w) => `@fontsource/inter/files/inter-latin-${w}-normal.woff`,
  latinExt: (w) => `@fontsource/inter/files/inter-latin-ext-${w}-normal.woff`,
  arabic: (w) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${w}-normal.woff`,
};
const faces = Object.keys(fontFiles) as Face[];
export type Weight = "regular" | "bold";
export const fontName = (weight: Weight, face: Face) =>
  face === "latin" ? weight : `${weight}-${face}`;
let fonts: Map<string, Buffer> | null = null;
export function loadFonts() {
  fonts ??= new Map(
    faces.flatMap((face) =>
      (
        [
          ["regular", 400],
          ["bold", 700],
        ] as const
      ).map(([weight, w]) => [
        fontName(weight, face),
        woffToSfnt(readFileSync(require.resolve(fontFiles[face](w)))),
      ]),
    ),
  );
  return fonts;
}

const margin = 50;
const footerHeight = 40;
const size = { title: 18, subtitle: 10, heading: 12, body: 9, small: 8 } as const;
const grey = "#555555";

type Doc = PDFKit.PDFDocument;

/** Every string of the model with the narrow no-break space French writes before : ; ! ?
 * (the catalogues, Intl's digit groups) as a no-break space, which the Latin subset draws. */
function drawable<T>(value: T): T {
  if (typeof value === "string") return value.replace(/\u202f/g, "\u00a0") as T;
  if (Array.isArray(value)) return value.map(drawable) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, drawable(v)])) as T;
  return value;
}

export async function renderPdf(original: PdfDocumentModel): Promise<Uint8Array> {
  const model = drawable(original);
  const created = new Date(model.createdAt);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    bufferPages: true,
    lang: model.lang,
    displayTitle: true,
    info: { Title: model.title, Creator: "Hawl", Producer: "Hawl", CreationDate: created },
  });
  for (const [name, font] of loadFonts()) doc.registerFont(name, font);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const w = new Writer(doc, model.rtl);
  doc.fontSize(size.title);
  w.text(model.title, w.left, undefined, { width: w.width, weight: "bold" });
  doc.fontSize(size.subtitle).fillColor(grey);
  w.text(model.subtitle, w.left, undefined, { width: w.width });
  doc.fillColor("black").moveDown(0.5);
  for (const block of model.blocks) drawBlock(w, block);
  drawFooters(w, model);
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

type Align = "left" | "right";

/**
 * Arabic is shaped without `ccmp`: Noto Sans Arabic would split a letter into a dotless body and
 * its dots, and a body shared by several letters (س ش) cannot name its letter in the PDF's
 * ToUnicode map, so the text would not copy or search. A fresh object each time, and one fontkit
 * cannot write into: it records every feature it applied in the object it is given.
 */
function shaping(face: Face): { features?: PDFKit.Mixins.OpenTypeFeatures[] } {
  if (face !== "arabic") return {};
  const features = new Proxy({ ccmp: false }, { set: () => true });
  return { features: features as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
}

/**
 * Writes text in a box. Latin text in a left-to-right document goes to pdfkit as it is; other
 * text (right-to-left documents, Latin Extended, Arabic) is wrapped here and drawn run by run
 * (pdf-text.ts). Alignment is given for a left-to-right page and mirrored on a right-to-left one.
 */
class Writer {
  constructor(
    readonly doc: Doc,
    readonly rtl: boolean,
  ) {}

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  /** "left" on a left-to-right page is "right" on a right-to-left one */
  side(align: Align): Align {
    return this.rtl ? (align === "left" ? "right" : "left") : align;
  }

  measure(text: string, weight: Weight): number {
    let total = 0;
    for (const run of logicalRuns(text))
      total += this.doc.font(fontName(weight, run.face)).widthOfString(run.text, shaping(run.face));
    this.doc.font(weight);
    return total;
  }

  height(text: string, width: number, weight: Weight = "regular"): number {
    this.doc.font(weight);
    if (!needsRuns(text, this.rtl)) return this.doc.heightOfString(text, { width });
    const lines = wrapLines(text, width, (t) => this.measure(t, weight));
    return lines.length * this.doc.currentLineHeight(true);
  }

  /** Draws `text` from (x, y), or the current y; the next text goes below it. */
  text(
    text: string,
    x: number,
    y: number | undefined,
    options: { width: number; weight?: Weight; align?: Align; lineBreak?: boolean },
  ) {
    const { doc } = this;
    const { width, weight = "regular", lineBreak = true } = options;
    const align = this.side(options.align ?? "left");
    doc.font(weight);
    if (!needsRuns(text, this.rtl)) {
      doc.text(text, x, y, { width, align, lineBreak });
      return;
    }
    const lineHeight = doc.currentLineHeight(true);
    // one baseline for every face on a line: Inter's (Noto's ascender is much taller)
    const fontSize = (doc as unknown as { _fontSize: number })._fontSize;
    const ascent =
      ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * fontSize;
    const lines = lineBreak ? wrapLines(text, width, (t) => this.measure(t, weight)) : [text];
    let top = y ?? doc.y;
    for (const line of lines) {
      const runs = visualRuns(line, this.rtl).map((run) => {
        const font = fontName(weight, run.face);
        return { ...run, font, width: doc.font(font).widthOfString(run.text, shaping(run.face)) };
      });
      const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
      let left = align === "right" ? x + width - lineWidth : x;
      const placed = runs.map((run) => {
        const at = left;
        left += run.width;
        return { ...run, at };
      });
      // placed from the left, written in reading order: a parser reads the line back in it
      for (const run of placed.sort((a, b) => a.start - b.start)) {
        doc.font(run.font).text(run.text, run.at, top, {
          lineBreak: false,
          baseline: -ascent,
          ...shaping(run.face),
        });
      }
      top += lineHeight;
    }
    doc.font(weight);
    doc.x = x;
    doc.y = top;
  }
}

function ensureRoom(w: Writer, height: number) {
  if (w.doc.y + height > w.bottom) w.doc.addPage();
}

function drawBlock(w: Writer, block: PdfBlock) {
  const { doc } = w;
  const x = w.left;
  switch (block.kind) {
    case "heading":
      ensureRoom(w, 40);
      doc.moveDown(0.6).fontSize(size.heading);
      w.text(block.text, x, undefined, { width: w.width, weight: "bold" });
      doc.moveDown(0.2);
      return;
    case "paragraph":
      doc.fontSize(size.body);
      w.text(block.text, x, undefined, { width: w.width });
      doc.moveDown(0.3);
      return;
    case "bullets":
      doc.fontSize(size.body);
      for (const item of block.items) {
        ensureRoom(w, 12);
        // indented from the side the text starts on
        w.text(`•  ${item}`, w.rtl ? x : x + 6, undefined, { width: w.width - 6 });
        doc.moveDown(0.15);
      }
      return;
    case "facts":
      drawRows(w, [0.3, 0.7], block.rows, { boldFirst: true });
      return;
    case "table": {
      const shares = block.columns.map((c) => c.width);
      const aligns = block.columns.map((c) => c.align ?? "left");
      drawRows(w, shares, [block.columns.map((c) => c.header)], { bold: true, aligns });
      doc
        .moveTo(x, doc.y)
        .lineTo(x + w.width, doc.y)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
      doc.y += 2;
      drawRows(w, shares, block.rows, { aligns });
      if (block.total) drawRows(w, shares, [block.total], { bold: true, aligns });
      doc.moveDown(0.3);
      return;
    }
  }
}

/** Rows of cells in columns (`shares` of the width), the first column on the side text starts. */
function drawRows(
  w: Writer,
  shares: readonly number[],
  rows: readonly (readonly string[])[],
  options: { bold?: boolean; boldFirst?: boolean; aligns?: readonly Align[] },
) {
  const { doc } = w;
  const total = w.width;
  const gap = 6;
  doc.fontSize(size.body);
  for (const row of rows) {
    const cells = row.map((text, i) => {
      const cellWidth = total * (shares[i] ?? 0) - gap;
      const weight: Weight = options.bold || (options.boldFirst && i === 0) ? "bold" : "regular";
      return { text, cellWidth, weight, height: w.height(text, cellWidth, weight) };
    });
    const height = Math.max(...cells.map((c) => c.height)) + 3;
    ensureRoom(w, height);
    const top = doc.y;
    let offset = 0;
    cells.forEach((cell, i) => {
      const column = total * (shares[i] ?? 0);
      // right-to-left: the first column on the right, each cell against its column's right edge
      const x = w.rtl ? w.left + total - offset - cell.cellWidth : w.left + offset;
      w.text(cell.text, x, top, {
        width: cell.cellWidth,
        weight: cell.weight,
        align: options.aligns?.[i] ?? "left",
      });
      offset += column;
    });
    doc.x = w.left;
    doc.y = top + height;
  }
}

function drawFooters(w: Writer, model: PdfDocumentModel) {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = w.left;
    const y = doc.page.height - margin - footerHeight + 10;
    // below the bottom margin: without it pdfkit would start a new page for the footer
    doc.page.margins.bottom = 0;
    doc.fontSize(size.small).fillColor(grey);
    w.text(model.footer, x, y, { width: w.width });
    const label = model.pageLabel
      .replace("{{page}}", String(i - range.start + 1))
      .replace("{{pages}}", String(range.count));
    w.text(label, x, y + 20, { width: w.width, align: "right", lineBreak: false });
    doc.fillColor("black");
  }
}
