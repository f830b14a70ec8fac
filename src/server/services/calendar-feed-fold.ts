// Line folding of iCalendar text (RFC 5545 §3.1), the same output as ical-generator's own
// `foldLines` (a line breaks before the octet that would make it longer than 74; a high
// surrogate is kept with the unit after it), in linear time: the library's encodes every
// character with a new TextEncoder, about a millisecond per event of a calendar feed
// (decision 044).

/** UTF-8 octets of one UTF-16 code unit; a lone surrogate is written as U+FFFD (3). */
function unitOctets(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
}

export function foldLines(text: string): string {
  const lines = text.split("\r\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let folded = "";
    let start = 0;
    let used = 0;
    for (let at = 0; at < line.length; at++) {
      const code = line.charCodeAt(at);
      let size = unitOctets(code);
      let width = 1;
      if (code >= 0xd800 && code <= 0xdbff && at + 1 < line.length) {
        const next = line.charCodeAt(at + 1);
        size = next >= 0xdc00 && next <= 0xdfff ? 4 : 3 + unitOctets(next);
        width = 2;
      }
      used += size;
      if (used > 74) {
        folded += `${line.slice(start, at)}\r\n `;
        start = at;
        used = size;
      }
      at += width - 1;
    }
    if (start > 0) lines[i] = folded + line.slice(start);
  }
  return lines.join("\r\n");
}
