// Just enough MIME to read what nodemailer sends: headers, multipart bodies,
// quoted-printable and base64 parts, RFC 2047 encoded subjects. No dependency for a test helper.

export interface DecodedMail {
  subject: string;
  text: string;
  html: string;
  /** every http(s) link found in the text and html parts, de-duplicated, in order */
  links: string[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // unfold continuation lines, then split "Name: value"
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`${name}\\s*=\\s*("([^"]*)"|[^;\\s]+)`, "i").exec(header);
  return match ? (match[2] ?? match[1]) : undefined;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_m, _charset: string, enc: string, data: string) =>
        enc.toUpperCase() === "B"
          ? Buffer.from(data, "base64").toString("utf8")
          : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function collect(part: Part, out: { text: string[]; html: string[] }): void {
  const type = (part.headers.get("content-type") ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = param(part.headers.get("content-type"), "boundary");
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // first section is the preamble, the last one starts with "--" (the epilogue)
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collect(splitHeaders(section.replace(/^\n/, "")), out);
    }
    return;
  }
  if (type.startsWith("text/html")) out.html.push(decodeBody(part));
  else if (type.startsWith("text/")) out.text.push(decodeBody(part));
}

const htmlEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

export function decodeMail(raw: string): DecodedMail {
  const root = splitHeaders(raw);
  const out = { text: [] as string[], html: [] as string[] };
  collect(root, out);
  const text = out.text.join("\n");
  const html = out.html.join("\n");
  const links: string[] = [];
  const add = (url: string) => {
    const clean = url.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => htmlEntities[e] ?? _m);
    if (!links.includes(clean)) links.push(clean);
  };
  for (const m of html.matchAll(/href\s*=\s*"([^"]+)"/gi)) if (/^https?:/i.test(m[1]!)) add(m[1]!);
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) add(m[0]);
  return { subject: decodeEncodedWords(root.headers.get("subject") ?? ""), text, html, links };
}
