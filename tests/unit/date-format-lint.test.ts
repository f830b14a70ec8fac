import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 30 item 11, decision 055: dates become text in one module, src/domain/dates, in one
// style per language (day, month name, year). This fails when a date is formatted anywhere
// else: toLocale*String, an Intl.DateTimeFormat of its own, a dateStyle/timeStyle, a numeric
// month, or day parts glued with "/" or ".". Reading the browser's zone
// (`Intl.DateTimeFormat().resolvedOptions()`) is no formatting and is allowed everywhere.
const root = path.resolve(import.meta.dirname, "../..");
const helper = "src/domain/dates/";

/** Files that read numbers from Intl.DateTimeFormat (a Hijri day, "today" in a zone, an hour), never text. */
const readsNumbersOnly = new Map<string, string>([
  ["src/domain/hawl/hijri.ts", "Umm al-Qura year/month/day numbers"],
  ["src/domain/hawl/zakat-year.ts", "today's YYYY-MM-DD in a time zone"],
  ["src/server/services/send-due-reminders.ts", "the hour in the person's zone"],
  ["src/contracts/notifications.ts", "whether a time zone id exists"],
]);

const rules: { name: string; pattern: RegExp; allowed: (file: string) => boolean }[] = [
  {
    name: "toLocaleDateString/toLocaleTimeString/toLocaleString",
    pattern: /\.toLocale(Date|Time)?String\(/,
    allowed: () => false,
  },
  {
    name: "a date library's formatting",
    pattern: /from\s+["'](date-fns|dayjs|moment|luxon)(\/[^"']*)?["']/,
    allowed: () => false,
  },
  {
    name: "an Intl.DateTimeFormat outside the date helper",
    pattern: /DateTimeFormat\b/,
    allowed: (file) => file.startsWith(helper) || readsNumbersOnly.has(file),
  },
  {
    name: "dateStyle/timeStyle outside the date helper",
    pattern: /\b(dateStyle|timeStyle)\s*:/,
    allowed: (file) => file.startsWith(helper),
  },
  {
    name: "a numeric month",
    pattern: /\bmonth\s*:\s*["'](numeric|2-digit)["']/,
    allowed: (file) => readsNumbersOnly.has(file),
  },
  {
    name: "day parts glued into an all-numeric date",
    pattern: /\$\{[^}]*(day|month|year|slice|pad2)[^}]*\}[/.]\$\{/i,
    allowed: () => false,
  },
];

/** The rules a source breaks; `Intl.DateTimeFormat().resolvedOptions()` (the zone) aside. */
export function violations(file: string, source: string): string[] {
  const text = source.replace(/Intl\.DateTimeFormat\(\)\.resolvedOptions\(\)/g, "");
  return rules
    .filter((rule) => !rule.allowed(file) && rule.pattern.test(text))
    .map((rule) => `${file}: ${rule.name}`);
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of ["src", "scripts"]) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
      const rel = `${dir}/${file}`;
      if (!/\.(ts|tsx)$/.test(rel) || /\.test\.tsx?$/.test(rel)) continue;
      if (rel.includes("/test/") || rel.endsWith(".generated.ts")) continue;
      files.push(rel);
    }
  }
  return files;
}

/** A date written with digits only: 11/28/26, 12/06/2026, 28.11.2026. */
const numericDate = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;

describe("dates are formatted by the one helper (decision 055)", () => {
  it("catches each kind of stray formatting (probes)", () => {
    const probe = "src/web/features/x/probe.tsx";
    expect(violations(probe, "d.toLocaleDateString('en')")).toHaveLength(1);
    expect(violations(probe, 'import { format } from "date-fns";')).toHaveLength(1);
    expect(violations(probe, "new Intl.DateTimeFormat(tag, { day: 'numeric' })")).toHaveLength(1);
    expect(violations(probe, '{ dateStyle: "short" }')).toHaveLength(1);
    expect(violations(probe, '{ month: "2-digit" }')).toHaveLength(1);
    expect(violations(probe, "`${day.slice(8, 10)}/${day.slice(5, 7)}`")).toHaveLength(1);
    expect(violations(probe, "`${pad2(p.day)}.${pad2(p.month)}`")).toHaveLength(1);
    // not formatting: the zone, a URL, a relative time
    expect(violations(probe, "Intl.DateTimeFormat().resolvedOptions().timeZone")).toEqual([]);
    expect(violations(probe, "`${base}/${id}`")).toEqual([]);
    expect(violations(probe, "new Intl.RelativeTimeFormat(tag)")).toEqual([]);
    // the helper itself may
    expect(violations(`${helper}gregorian.ts`, '{ timeStyle: "short" }')).toEqual([]);
  });

  it("holds in every source file", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      violations(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("allows only files that still read numbers from Intl", () => {
    for (const file of readsNumbersOnly.keys()) {
      expect(readFileSync(path.join(root, file), "utf8"), file).toMatch(/DateTimeFormat/);
    }
  });

  it("leaves no all-numeric date in the catalogs", () => {
    const found: string[] = [];
    const catalogs = (
      readdirSync(path.join(root, "locales"), { recursive: true }) as string[]
    ).filter((file) => file.endsWith(".json"));
    expect(catalogs.length).toBeGreaterThan(30);
    for (const file of catalogs) {
      const text = readFileSync(path.join(root, "locales", file), "utf8");
      for (const line of text.split("\n")) {
        if (numericDate.test(line)) found.push(`locales/${file}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
