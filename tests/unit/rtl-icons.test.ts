import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Right-to-left pages mirror the icons that point a direction (back/next arrows, chevrons, the
// external-link and sign-out arrows) with one rule in app.css (decision 070). An icon the web
// starts to import that points left or right must join that rule, or be named here as one that
// does not point anywhere.
const notDirectional = new Set(["PanelsTopLeft"]);
const directional = /(?:Left|Right)$|^(?:ExternalLink|LogIn|LogOut|Undo\d?|Redo\d?|Reply|Forward)$/;

const root = path.join(import.meta.dirname, "../../src/web");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** "ArrowUpRight" → "arrow-up-right", as lucide names its class (lucide-arrow-up-right). */
const kebab = (name: string) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "-").toLowerCase();

describe("directional icons on right-to-left pages", () => {
  it("every left/right-pointing lucide icon the web imports is mirrored by app.css", () => {
    const imported = new Set<string>();
    for (const file of sources(root)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
        for (const part of match[1]!.split(",")) {
          const name = part.trim().split(/\s+as\s+/)[0]!;
          if (name && directional.test(name) && !notDirectional.has(name)) imported.add(name);
        }
      }
    }
    expect(imported.size).toBeGreaterThan(3);
    const css = readFileSync(path.join(root, "app/app.css"), "utf8");
    const rule = /\[dir="rtl"\]\s*:is\(([^)]*)\)\s*\{\s*scale:\s*-1 1;/.exec(css);
    expect(rule, "the [dir=rtl] mirroring rule in app.css").not.toBeNull();
    const mirrored = new Set(rule![1]!.split(",").map((c) => c.trim().replace(/^\.lucide-/, "")));
    const missing = [...imported].filter((name) => !mirrored.has(kebab(name)));
    expect(missing).toEqual([]);
  });
});
