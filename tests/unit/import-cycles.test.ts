import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 16: no import cycles in src/ (contracts/calculate ↔ calculate-convert, server/app ↔
// auth ↔ auth routes and http/context ↔ http/session were broken). A cycle makes a module's
// exports undefined while the other one loads, and hides which of the two is the lower layer.
// Type-only imports count too: they are erased at run time, but they still say which module
// knows the other.
const root = path.resolve(import.meta.dirname, "../../src");

/** `import … from "x"`, `export … from "x"` and `import "x"` (dynamic imports load later). */
const importPattern = /^(?:import|export)\s(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms;

function sourceFiles(): Set<string> {
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/test/"),
  );
  return new Set(files.map((file) => path.join(root, file)));
}

// package.json's "imports" (#domain/*, #contracts/*, …)
const aliases = Object.entries(
  JSON.parse(readFileSync(path.join(root, "../package.json"), "utf8")).imports as Record<
    string,
    string
  >,
);

/** A relative, `~/` (src/web) or `#` alias import to the file it names, or null for a package. */
function resolveImport(files: Set<string>, from: string, spec: string): string | null {
  let base: string;
  const alias = aliases.find(([key]) => spec.startsWith(key.replace(/\*$/, "")));
  if (spec.startsWith("~/")) base = path.join(root, "web", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else if (alias) {
    const [key, target] = alias;
    base = path.join(root, "..", target.replace(/\*$/, ""), spec.slice(key.length - 1));
  } else return null;
  const candidates = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((end) => base + end);
  return candidates.find((file) => files.has(file)) ?? null;
}

function importGraph(files: Set<string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(importPattern)]
      .map((match) => resolveImport(files, file, match[1]!))
      .filter((target): target is string => target !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each a cycle or several. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe("imports in src/", () => {
  it("form no cycle", () => {
    const files = sourceFiles();
    const graph = importGraph(files);
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    const cycles = cyclesOf(graph).map((group) =>
      group.map((file) => path.relative(root, file)).join(" ↔ "),
    );
    expect(cycles).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"]]);
  });
});
