import { randomUUID } from "node:crypto";
import fc from "fast-check";

// What the fuzz tests share (fuzz-write-routes.test.ts, fuzz-signed-stripe-events.test.ts):
// how many cases and the seed (FUZZ_RUNS, FUZZ_SEED), and the ways of breaking a body that a
// route would accept. Bodies are written as raw JSON text, so duplicate keys and lone
// surrogates reach the server as sent.

export const runs = Number(process.env.FUZZ_RUNS ?? 1000);
export const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

// ---- JSON written by hand: objects are lists of pairs, numbers raw text ---------------------

type J =
  | { t: "s"; v: string }
  | { t: "n"; raw: string }
  | { t: "b"; v: boolean }
  | { t: "null" }
  | { t: "a"; items: J[] }
  | { t: "o"; pairs: [string, J][] }
  /** text sent as it is (deep nesting, malformed JSON) */
  | { t: "raw"; text: string };

function fromJs(value: unknown): J {
  if (typeof value === "string") return { t: "s", v: value };
  if (typeof value === "number") return { t: "n", raw: JSON.stringify(value) };
  if (typeof value === "boolean") return { t: "b", v: value };
  if (value === null || value === undefined) return { t: "null" };
  if (Array.isArray(value)) return { t: "a", items: value.map(fromJs) };
  return { t: "o", pairs: Object.entries(value).map(([k, v]) => [k, fromJs(v)]) };
}

/** JSON.stringify escapes a lone surrogate as \udxxx: valid JSON the server parses back to it. */
function write(j: J): string {
  switch (j.t) {
    case "s":
      return JSON.stringify(j.v);
    case "n":
      return j.raw;
    case "b":
      return String(j.v);
    case "null":
      return "null";
    case "a":
      return `[${j.items.map(write).join(",")}]`;
    case "o":
      return `{${j.pairs.map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`).join(",")}}`;
    case "raw":
      return j.text;
  }
}

/** Every node of the tree with a way to replace it (the root included). */
function slots(root: J): { node: J; set: (next: J) => void }[] {
  const found: { node: J; set: (next: J) => void }[] = [];
  const visit = (node: J, set: (next: J) => void) => {
    found.push({ node, set });
    if (node.t === "a") node.items.forEach((item, i) => visit(item, (n) => (node.items[i] = n)));
    if (node.t === "o") node.pairs.forEach((pair) => visit(pair[1], (n) => (pair[1] = n)));
  };
  visit(root, () => {});
  return found;
}

// ---- hostile values --------------------------------------------------------------------------

const specialStrings = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "\ude00\ud83d",
  "\u202eevil\u202c",
  "\u2066abc\u2069",
  "\u200f\u200e",
  "\u200b",
  "\ufeffBOM",
  "\uffff",
  "\u0085",
  "\u001b[2J",
  "\t",
  "\r\n",
  "",
  " ",
  "💰👨‍👩‍👧",
  "A\u030a",
  '=HYPERLINK("http://evil.example")',
  "＝1+1",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%00",
  "../../etc/passwd",
  "null",
  "true",
  "0",
  "-0",
  "NaN",
  "Infinity",
  "1e309",
  "-1",
  "-0.01",
  "9".repeat(400),
  `0.${"0".repeat(40)}1`,
  "١٢٣٫٤٥",
  "1 234,56",
  "1,000.00",
  "0x10",
  " 12 ",
  "12.",
  ".5",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "0001-01-01",
  "9999-12-31",
  "+275760-09-13",
  "2026-1-1",
  "2026-05-01T00:00:00Z",
  "-000001-01-01",
  "00000000-0000-0000-0000-000000000000",
  randomUUID().toUpperCase(),
  "EUR",
  "XXX",
  "eur",
  "owner",
  "member",
  "hanafi",
  "threshold",
  "x".repeat(10_240),
  "é".repeat(5_000),
  "\ud83d".repeat(100),
  "a@b",
  "user@例え.テスト",
  "javascript:alert(1)",
  "https://evil.example/" + "a".repeat(3000),
  "*.*",
  "localhost",
];

const numberTexts = [
  "0",
  "-0",
  "-1",
  "1",
  "1.5",
  "0.1",
  "1e308",
  "1e400",
  "-1e400",
  "1E-400",
  "9007199254740993",
  "123456789012345678901234567890",
  "-2147483649",
  "2147483648",
  "99999999999999999999.99",
];

/** Characters slipped into a valid string: controls, surrogates, format characters, look-alikes. */
const slipped = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\ud800",
  "\udbff",
  "\udc00",
  "\ufffe",
  "\uffff",
  "\u202e",
  "\u2066",
  "\u200b",
  "\u200f",
  "\ufeff",
  "\u2028",
  "\t",
  "\n",
  "\r",
  "＝",
  "＠",
  "\u0301",
  "💰",
  "%00",
  "'",
  '"',
  "\\",
];

const amountTexts = [
  "-1",
  "-0",
  "0",
  "-0.01",
  "1e3",
  "1E+400",
  "NaN",
  "Infinity",
  "-Infinity",
  "9".repeat(60),
  "9".repeat(30) + ".99",
  `0.${"0".repeat(30)}1`,
  "1.999999999",
  "１２３",
  "١٢٣",
  "1 000",
  "1,5",
  "1_000",
  "+1",
  "0x1F",
  " 1",
  "1.",
  ".1",
  "",
];

const dateTexts = [
  "2026-02-29",
  "2024-02-29",
  "2026-02-30",
  "2026-04-31",
  "2026-00-10",
  "2026-13-01",
  "0000-01-01",
  "0001-01-01",
  "1899-12-31",
  "9999-12-31",
  "+275760-09-13",
  "-000001-01-01",
  "10000-01-01",
  "2026-1-1",
  "2026-01-01T00:00:00Z",
  "2026-01-01 ",
  "２０２６-０１-０１",
  "",
];

/**
 * A valid string changed a little: an amount into an odd amount, a date into an odd date,
 * anything else with a character slipped in, or stretched to 10 KB.
 */
function tweak(value: string, choice: number, at: number): string {
  if (/^-?\d+(\.\d+)?$/.test(value) && choice % 3 !== 0) {
    return amountTexts[choice % amountTexts.length]!;
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && choice % 3 !== 0) {
    return dateTexts[choice % dateTexts.length]!;
  }
  if (choice % 11 === 0) return value.padEnd(10_240, value || "x");
  const position = value.length ? at % (value.length + 1) : 0;
  // one slip in three is the worst kind: what gave 500 before (issue 10)
  const worst = ["\u0000", "\ud800", "\udfff", "\u0000\u0000"];
  const slip =
    choice % 3 === 1 ? worst[(choice >> 2) % worst.length]! : slipped[choice % slipped.length]!;
  return value.slice(0, position) + slip + value.slice(position);
}

const deep = (depth: number, open: string, close: string): J => ({
  t: "raw",
  text: open.repeat(depth) + close.repeat(depth),
});

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...specialStrings), fc.string({ maxLength: 8 }))
      .map(([a, b]) => `${b}${a}${b}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }) },
);

const hostileValue: fc.Arbitrary<J> = fc.oneof(
  { weight: 8, arbitrary: hostileString.map((v): J => ({ t: "s", v })) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constantFrom(...numberTexts),
        fc.integer().map(String),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
      )
      .map((raw): J => ({ t: "n", raw })),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<J>(
      { t: "null" },
      { t: "b", v: true },
      { t: "b", v: false },
      { t: "a", items: [] },
      { t: "o", pairs: [] },
      { t: "a", items: [{ t: "s", v: "\u0000" }] },
      { t: "o", pairs: [["__proto__", { t: "o", pairs: [["isAdmin", { t: "b", v: true }]] }]] },
      { t: "o", pairs: [["constructor", { t: "o", pairs: [["prototype", { t: "null" }]] }]] },
      deep(3000, "[", "]"),
      deep(2000, '{"a":', "}"),
    ),
  },
);

const extraKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "id"),
  fc.constantFrom("userId", "workspaceId", "role", "version", "plan", "createdBy", "emailVerified"),
  hostileString,
);

export type Op =
  | { op: "tweak"; pick: number; choice: number; at: number }
  | { op: "replace"; pick: number; value: J }
  | { op: "addKey"; pick: number; key: string; value: J }
  | { op: "duplicate"; pick: number; value: J; before: boolean }
  | { op: "dropKey"; pick: number }
  | { op: "raw"; kind: number };

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.record({
      op: fc.constant("tweak" as const),
      pick: fc.nat(),
      choice: fc.nat(),
      at: fc.nat(),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant("replace" as const),
      pick: fc.nat(),
      value: hostileValue,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("addKey" as const),
      pick: fc.nat(),
      key: extraKey,
      value: hostileValue,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("duplicate" as const),
      pick: fc.nat(),
      value: hostileValue,
      before: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("dropKey" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("raw" as const), kind: fc.nat(8) }) },
);

/** Applies the operations to (a copy of) the seed; returns the body's text. */
export function mutate(seedBody: unknown, ops: Op[]): string {
  let root = fromJs(seedBody);
  for (const op of ops) {
    const all = slots(root);
    const objects = all.filter((s) => s.node.t === "o");
    const pairsOf = objects.flatMap((s) =>
      s.node.t === "o" ? s.node.pairs.map((_, i) => ({ node: s.node, i })) : [],
    );
    switch (op.op) {
      case "tweak": {
        const strings = all.filter((slot) => slot.node.t === "s");
        if (!strings.length) break;
        const slot = strings[op.pick % strings.length]!;
        if (slot.node.t !== "s") break;
        slot.set({ t: "s", v: tweak(slot.node.v, op.choice, op.at) });
        break;
      }
      case "replace": {
        const slot = all[op.pick % all.length]!;
        if (slot.node === root) root = structuredClone(op.value);
        else slot.set(structuredClone(op.value));
        break;
      }
      case "addKey": {
        const target = objects.length ? objects[op.pick % objects.length]!.node : null;
        if (target?.t === "o") target.pairs.push([op.key, structuredClone(op.value)]);
        break;
      }
      case "duplicate": {
        if (!pairsOf.length) break;
        const { node, i } = pairsOf[op.pick % pairsOf.length]!;
        if (node.t !== "o") break;
        const key = node.pairs[i]![0];
        node.pairs.splice(op.before ? i : i + 1, 0, [key, structuredClone(op.value)]);
        break;
      }
      case "dropKey": {
        if (!pairsOf.length) break;
        const { node, i } = pairsOf[op.pick % pairsOf.length]!;
        if (node.t === "o") node.pairs.splice(i, 1);
        break;
      }
      case "raw": {
        const text = write(root);
        const variants = [
          text.slice(0, Math.max(0, text.length - 1)),
          `${text}}`,
          `\ufeff${text}`,
          "",
          `${text} ${text}`,
          text.replace(/:/, ": : "),
          "[".repeat(50_000),
          // valid JSON nested 100,000 deep (200 KB): refused at once, never walked for long
          `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
          // above the 256 KiB body limit: 413, and the connection closed cleanly
          JSON.stringify({ pad: "x".repeat(300 * 1024) }),
        ];
        return variants[op.kind % variants.length]!;
      }
    }
  }
  return write(root);
}
