// CSV for people's spreadsheets: every CSV the server writes (calculation history, account
// export) goes through `csvCell`, so formula injection is handled in one place.

/**
 * Starts a cell that a spreadsheet would read as a formula, or that hides what it starts with:
 * = + - @ (and their full-width and small forms, which some spreadsheets fold to them), the
 * minus sign, tab, carriage return, line feed, and any invisible format character (zero-width
 * space and joiners, word joiner, BOM, bidi controls) in front of anything.
 */
const risky = /^(?:[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]|\p{Cf})/u;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A risky cell (above) gets a leading apostrophe first (OWASP "CSV injection"), so
 * the spreadsheet shows it as text.
 */
export function csvCell(value: string): string {
  const safe = risky.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
