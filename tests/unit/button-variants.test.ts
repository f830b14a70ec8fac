import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buttonClasses } from "../../src/web/components/ui/button.tsx";

// cn() joins classes without resolving conflicts, so a colour added to a variant's own colour
// loses or wins by the style sheet's order, not by the code: the red delete buttons written as
// ghost + text-red-700 were drawn stone. A colour of its own is a variant.

const colour = /\b(?:hover:)?(?:text|bg)-(?:red|stone|brand|gold|white|black)(?:-\d+)?\b/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

describe("button variants", () => {
  it("danger is red and carries no ghost colour", () => {
    const classes = buttonClasses({ variant: "danger" });
    expect(classes).toContain("text-red-700");
    expect(classes).not.toMatch(/text-stone|hover:bg-stone/);
  });

  it("no <Button> adds a text or background colour to its variant", () => {
    const root = path.join(import.meta.dirname, "../../src/web");
    const found: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(
        /<Button\b[^>]*?variant="(\w+)"[^>]*?className="([^"]*)"/gs,
      )) {
        const extra = match[2]!.split(/\s+/).find((c) => colour.test(c));
        if (extra) found.push(`${path.relative(root, file)}: ${match[1]} + ${extra}`);
      }
    }
    expect(found).toEqual([]);
  });
});
