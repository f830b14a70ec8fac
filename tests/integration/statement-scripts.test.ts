import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { Language } from "../../src/domain/language.ts";
import { formatMoney } from "../../src/server/statements/format.ts";
import type { PdfDocumentModel } from "../../src/server/statements/pdf-document.ts";
import { fontName, loadFonts, renderPdf } from "../../src/server/statements/pdf-render.ts";
import { faceOf } from "../../src/server/statements/pdf-text.ts";

// Decision 069: the statement in scripts beyond Latin-1, drawn by the real renderer and read
// back with a PDF parser. The Arabic and Turkish texts are a temporary catalogue of this test, so
// it does not wait for the app's own ar and tr catalogues; the amounts are formatted as the
// statement formats them (Intl, the language's own locale).

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice()); // pdf.js takes the buffer it is given
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const stripMarks = (text: string) => text.replace(/[\u061c\u200e\u200f\u202a-\u202e]/g, "");

function model(lang: string, rtl: boolean, words: Record<string, string>): PdfDocumentModel {
  const money = (amount: string) => formatMoney(amount, "EUR", lang as Language);
  return {
    lang,
    rtl,
    title: words.title!,
    subtitle: words.subtitle!,
    blocks: [
      { kind: "heading", text: words.calculation! },
      {
        kind: "facts",
        rows: [
          [words.workspace!, words.family!],
          [words.zakatDue!, money("38.25")],
        ],
      },
      {
        kind: "table",
        columns: [
          { header: words.item!, width: 0.6 },
          { header: words.amount!, width: 0.4, align: "right" },
        ],
        rows: [[words.cash!, money("1630")]],
        total: [words.total!, money("1630")],
      },
      { kind: "bullets", items: [words.rule!] },
    ],
    footer: words.footer!,
    pageLabel: words.page!,
    createdAt: "2025-03-01T00:00:00.000Z",
  };
}

const arabic = {
  title: "كشف الزكاة 1446 هـ",
  subtitle: "عائلة أحمد · 1 مارس 2025",
  calculation: "الحساب",
  workspace: "مساحة العمل",
  family: "عائلة أحمد",
  zakatDue: "الزكاة المستحقة",
  item: "البند",
  amount: "المبلغ",
  cash: "النقد في اليد",
  total: "مجموع الأصول",
  rule: "النقد والأرصدة المصرفية تحسب كاملة.",
  footer: "سجل شخصي أعد بواسطة حول، وليس فتوى.",
  page: "صفحة {{page}} من {{pages}}",
};

const turkish = {
  title: "Zekât özeti 1446 AH",
  subtitle: "Ahmet ailesi · 1 Mart 2025",
  calculation: "Hesaplama",
  workspace: "Çalışma alanı",
  family: "Ağaoğlu ailesi",
  zakatDue: "Ödenecek zekât",
  item: "Kalem",
  amount: "Tutar",
  cash: "Eldeki nakit",
  total: "Toplam varlıklar",
  rule: "Nakit ve banka bakiyeleri tam sayılır; İstanbul şubesi.",
  footer: "Hawl ile hazırlanmış kişisel bir kayıt, fetva değildir.",
  page: "Sayfa {{page}} / {{pages}}",
};

describe("the statement in other scripts", () => {
  it("draws an Arabic statement from the right whose text reads back: words and amounts", async () => {
    const bytes = await renderPdf(model("ar", true, arabic));
    // pdf.js (unpdf) reads the words and amounts, though not the spaces between right-to-left runs
    const text = stripMarks(await pdfText(bytes));
    const words = [
      "كشف الزكاة",
      "الزكاة المستحقة",
      "النقد في اليد",
      "مجموع الأصول",
      "مساحة العمل",
      "عائلة أحمد",
      "وليس فتوى",
    ];
    for (const word of words.flatMap((w) => w.split(" "))) expect(text).toContain(word);
    for (const amount of ["€ 38.25", "€ 1,630.00", "1446"]) expect(text).toContain(amount);
    // poppler reads the lines right to left, as a reader does: whole phrases, in order
    const dir = mkdtempSync(join(tmpdir(), "statement-ar-"));
    writeFileSync(join(dir, "ar.pdf"), bytes);
    const lines = stripMarks(execFileSync("pdftotext", [join(dir, "ar.pdf"), "-"]).toString())
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim());
    for (const line of ["الزكاة المستحقة", "النقد في اليد", "مجموع الأصول"])
      expect(lines).toContain(line);
    expect(lines).toContain("€ 38.25");
    expect(lines[0]).toMatch(/^كشف الزكاة 1446 ?هـ$/);
    expect(lines.join(" ")).toContain("سجل شخصي أعد بواسطة حول");
    expect(lines.join(" ")).toContain("وليس فتوى.");
  });

  it("draws Turkish letters with Inter's Latin Extended, none missing", async () => {
    const text = await pdfText(await renderPdf(model("tr", false, turkish)));
    for (const words of [
      "Zekât özeti 1446 AH",
      "Çalışma alanı",
      "Ağaoğlu ailesi",
      "Ödenecek zekât",
      "İstanbul şubesi",
      "€38,25",
      "€1.630,00",
    ])
      expect(text).toContain(words);
  });

  it("has a glyph for every letter of both catalogues in the face chosen for it", () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    for (const [name, font] of loadFonts()) doc.registerFont(name, font);
    const letters = new Set([...Object.values(arabic), ...Object.values(turkish)].join(""));
    const missing = [...letters].filter((letter) => {
      doc.font(fontName("regular", faceOf(letter)));
      const font = (
        doc as unknown as { _font: { font: { hasGlyphForCodePoint(c: number): boolean } } }
      )._font.font;
      return !font.hasGlyphForCodePoint(letter.codePointAt(0)!);
    });
    expect(missing).toEqual([]);
  });
});
