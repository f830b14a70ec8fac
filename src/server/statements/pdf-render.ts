import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { PdfBlock, PdfDocumentModel } from "./pdf-document.ts";
import { woffToSfnt } from "./woff.ts";

// Draws a PdfDocumentModel with pdfkit (decision 063): A4, Inter embedded (subset, so the text
// stays selectable and searchable), page numbers written once every page exists. Runs on the
// render thread (pdf-worker.ts): a statement takes tens of milliseconds of CPU.

const require = createRequire(import.meta.url);
// Inter's Latin subset (Latin-1, Œ, €, typographic quotes and dashes): en, fr and nl. Arabic
// will need a font of its own beside it.
const fontFile = (weight: 400 | 700) =>
  require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: woffToSfnt(readFileSync(fontFile(400))),
    bold: woffToSfnt(readFileSync(fontFile(700))),
  };
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
  const { regular, bold } = loadFonts();
  const created = new Date(model.createdAt);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    bufferPages: true,
    lang: model.lang,
    displayTitle: true,
    info: { Title: model.title, Creator: "Hawl", Producer: "Hawl", CreationDate: created },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.font("bold").fontSize(size.title).text(model.title);
  doc.font("regular").fontSize(size.subtitle).fillColor(grey).text(model.subtitle);
  doc.fillColor("black").moveDown(0.5);
  for (const block of model.blocks) drawBlock(doc, block);
  drawFooters(doc, model);
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function drawBlock(doc: Doc, block: PdfBlock) {
  const x = doc.page.margins.left;
  switch (block.kind) {
    case "heading":
      ensureRoom(doc, 40);
      doc.moveDown(0.6).font("bold").fontSize(size.heading).text(block.text, x);
      doc.moveDown(0.2);
      return;
    case "paragraph":
      doc
        .font("regular")
        .fontSize(size.body)
        .text(block.text, x, undefined, { width: width(doc) });
      doc.moveDown(0.3);
      return;
    case "bullets":
      doc.font("regular").fontSize(size.body);
      for (const item of block.items) {
        ensureRoom(doc, 12);
        doc.text(`•  ${item}`, x + 6, undefined, { width: width(doc) - 6 });
        doc.moveDown(0.15);
      }
      return;
    case "facts":
      drawRows(doc, [0.3, 0.7], block.rows, { boldFirst: true });
      return;
    case "table": {
      const shares = block.columns.map((c) => c.width);
      const aligns = block.columns.map((c) => c.align ?? "left");
      drawRows(doc, shares, [block.columns.map((c) => c.header)], { bold: true, aligns });
      doc
        .moveTo(x, doc.y)
        .lineTo(x + width(doc), doc.y)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
      doc.y += 2;
      drawRows(doc, shares, block.rows, { aligns });
      if (block.total) drawRows(doc, shares, [block.total], { bold: true, aligns });
      doc.moveDown(0.3);
      return;
    }
  }
}

function drawRows(
  doc: Doc,
  shares: readonly number[],
  rows: readonly (readonly string[])[],
  options: { bold?: boolean; boldFirst?: boolean; aligns?: readonly ("left" | "right")[] },
) {
  const total = width(doc);
  const gap = 6;
  doc.fontSize(size.body);
  for (const row of rows) {
    const cells = row.map((text, i) => {
      const cellWidth = total * (shares[i] ?? 0) - gap;
      const font = options.bold || (options.boldFirst && i === 0) ? "bold" : "regular";
      doc.font(font);
      return { text, cellWidth, font, height: doc.heightOfString(text, { width: cellWidth }) };
    });
    const height = Math.max(...cells.map((c) => c.height)) + 3;
    ensureRoom(doc, height);
    const top = doc.y;
    let left = doc.page.margins.left;
    cells.forEach((cell, i) => {
      doc.font(cell.font).text(cell.text, left, top, {
        width: cell.cellWidth,
        align: options.aligns?.[i] ?? "left",
      });
      left += total * (shares[i] ?? 0);
    });
    doc.x = doc.page.margins.left;
    doc.y = top + height;
  }
}

function drawFooters(doc: Doc, model: PdfDocumentModel) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const x = doc.page.margins.left;
    const y = doc.page.height - margin - footerHeight + 10;
    // below the bottom margin: without it pdfkit would start a new page for the footer
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(size.small).fillColor(grey);
    doc.text(model.footer, x, y, { width: width(doc), lineBreak: true });
    const label = model.pageLabel
      .replace("{{page}}", String(i - range.start + 1))
      .replace("{{pages}}", String(range.count));
    doc.text(label, x, y + 20, { width: width(doc), align: "right", lineBreak: false });
    doc.fillColor("black");
  }
}
