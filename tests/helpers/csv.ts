/**
 * An RFC 4180 reader for the tests: records of cells, quoted cells with doubled quotes and line
 * breaks inside, CRLF or LF between records; a leading byte-order mark is dropped. Each record
 * becomes an object keyed by the header's cells.
 */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  const [header = [], ...body] = records;
  const rows = body.map((cells) => {
    if (cells.length !== header.length) {
      throw new Error(`a record of ${cells.length} cells under ${header.length} headers`);
    }
    return Object.fromEntries(header.map((name, index) => [name, cells[index]!]));
  });
  return { header, rows };
}
