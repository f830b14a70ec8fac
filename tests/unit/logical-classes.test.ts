import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Right-to-left pages (Arabic, decision 070) mirror through CSS logical properties: Tailwind's
// ms-/me-/ps-/pe-/inset-s-/inset-e-/text-start/border-s/rounded-s… follow `dir`, their physical twins
// (ml-, pr-, left-, text-right, rounded-l…) do not. The web's sources use only the logical ones;
// a physical side that must not mirror (a slide-in animation's direction, a chart's axis) is
// written with an `rtl:` twin beside it, which this check accepts.

const physical =
  /^-?(?:m[lr]|p[lr]|scroll-[mp][lr]|left|right|inset-[lr]|border-[lr]|rounded-[lr]|rounded-[tb][lr]|text-(?:left|right)|float-(?:left|right)|clear-(?:left|right))(?:-|$)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The physical-side classes of one source text: each class of each string or @apply. */
export function physicalClasses(text: string): string[] {
  const found: string[] = [];
  const strings = text.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`|@apply ([^;]+);/g);
  for (const match of strings) {
    const value = match[1] ?? match[2] ?? match[3] ?? match[4] ?? "";
    const classes = value.split(/\s+/);
    for (const cls of classes) {
      const variants = cls.split(":");
      const utility = variants.pop()!.replace(/^!/, "");
      if (!physical.test(utility)) continue;
      // "left" and "right" alone are words (a prop value, a sentence), not classes
      if (/^(?:left|right)$/.test(utility)) continue;
      // centring (left-1/2 with -translate-x-1/2) is the same in both directions
      if (utility === "left-1/2" && classes.includes("-translate-x-1/2")) continue;
      // a deliberate physical side carries its rtl: twin in the same string
      if (variants.includes("rtl") || variants.includes("ltr")) continue;
      if (classes.some((other) => other.startsWith("rtl:"))) continue;
      found.push(cls);
    }
  }
  return found;
}

describe("logical classes only", () => {
  it("finds physical classes, variants and all, and leaves words alone", () => {
    expect(
      physicalClasses(`className="ml-2 sm:pr-4 text-right -left-1 ms-2 hover:rounded-l-lg"`),
    ).toEqual(["ml-2", "sm:pr-4", "text-right", "-left-1", "hover:rounded-l-lg"]);
    expect(physicalClasses(`side="left" placement: 'right'; "mlx-2 pre-wrap"`)).toEqual([]);
    expect(physicalClasses(`"left-0 rtl:right-0 rtl:left-auto"`)).toEqual([]);
    expect(physicalClasses(`"absolute left-1/2 -translate-x-1/2"`)).toEqual([]);
    expect(physicalClasses(`"absolute left-1/2"`)).toEqual(["left-1/2"]);
  });

  it("src/web uses logical sides (ms-/me-/ps-/pe-/inset-s-/inset-e-/text-start/border-s…)", () => {
    const root = path.join(import.meta.dirname, "../../src/web");
    const found: string[] = [];
    for (const file of sources(root)) {
      const classes = physicalClasses(readFileSync(file, "utf8"));
      if (classes.length) found.push(`${path.relative(root, file)}: ${classes.join(" ")}`);
    }
    expect(found).toEqual([]);
  });
});
