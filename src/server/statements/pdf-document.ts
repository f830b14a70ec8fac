// What the PDF renderer draws (pdf-render.ts): text already in the reader's language and
// formatted, so the renderer knows nothing of zakat and the model crosses to the render thread
// as plain data (structured clone).

export interface PdfColumn {
  header: string;
  /** a share of the text width; the columns' shares add up to 1 */
  width: number;
  align?: "left" | "right";
}

export type PdfBlock =
  | { kind: "heading"; text: string }
  /** label → value pairs, two columns */
  | { kind: "facts"; rows: readonly (readonly [string, string])[] }
  | {
      kind: "table";
      columns: readonly PdfColumn[];
      rows: readonly (readonly string[])[];
      /** a last row in bold: a total */
      total?: readonly string[];
    }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: readonly string[] };

export interface PdfDocumentModel {
  /** BCP 47 language of the text (the PDF's /Lang) */
  lang: string;
  /** right-to-left (Arabic): lines aligned right, tables mirrored */
  rtl: boolean;
  title: string;
  /** under the title: the workspace, the year */
  subtitle: string;
  blocks: readonly PdfBlock[];
  /** on every page, above the page number */
  footer: string;
  /** "Page {{page}} of {{pages}}" with both placeholders */
  pageLabel: string;
  /** the PDF's creation date (its metadata), an ISO instant */
  createdAt: string;
}
