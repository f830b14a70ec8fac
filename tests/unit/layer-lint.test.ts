import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer fences of eslint/layer-imports.js, probed with real lint runs: each forbidden kind
// must be an error, and each allowed kind must pass (a fence that refuses everything is no map).
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function lintErrors(file: string, specifier: string, rule: string): Promise<string[]> {
  const code = `import { x } from "${specifier}";\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const layerErrors = (file: string, specifier: string) =>
  lintErrors(file, specifier, "hawl/layer-imports");

const refused: Array<[file: string, specifier: string]> = [
  ["src/domain/zakat/probe.ts", "date-fns"],
  ["src/domain/zakat/probe.ts", "i18next"],
  ["src/domain/zakat/probe.ts", "~/lib/format"],
  ["src/domain/zakat/probe.ts", "../../contracts/errors"],
  ["src/domain/zakat/probe.ts", "node:crypto"],
  ["src/domain/zakat/probe.ts", "zod"],
  ["src/contracts/probe.ts", "pino"],
  ["src/contracts/probe.ts", "~/lib/format"],
  ["src/contracts/probe.ts", "../server/env"],
  ["src/contracts/probe.ts", "drizzle-orm"],
  ["src/web/lib/probe.ts", "../../server/env"],
  ["src/web/lib/probe.ts", "@electric-sql/pglite"],
  ["src/web/lib/probe.ts", "better-auth"],
  ["src/web/lib/probe.ts", "node:fs"],
  ["src/web/lib/probe.ts", "pg"],
  ["src/web/lib/probe.ts", "hono"],
  ["src/server/probe.ts", "~/lib/format"],
  ["src/server/probe.ts", "../web/lib/format"],
  ["src/server/probe.ts", "react"],
];

const allowed: Array<[file: string, specifier: string]> = [
  ["src/domain/zakat/probe.ts", "decimal.js"],
  ["src/domain/zakat/probe.ts", "../money/index"],
  ["src/domain/zakat/probe.test.ts", "fast-check"],
  ["src/contracts/probe.ts", "zod"],
  ["src/contracts/probe.ts", "../domain/money/index"],
  ["src/web/lib/probe.ts", "~/lib/format"],
  ["src/web/lib/probe.ts", "../../contracts/errors"],
  ["src/web/lib/probe.ts", "react-router"],
  ["src/server/probe.ts", "hono"],
  ["src/server/probe.ts", "../contracts/errors"],
  ["src/server/probe.ts", "node:crypto"],
];

// the first lint loads ESLint's config and plugins (about a second of CPU): a busy machine took
// it past the 5 s default (the timeout only guards against a hang)
describe("layer fences", { timeout: 30_000 }, () => {
  it.each(refused)("%s may not import %s", async (file, specifier) => {
    expect(await layerErrors(file, specifier)).toHaveLength(1);
  });
  it.each(allowed)("%s may import %s", async (file, specifier) => {
    expect(await layerErrors(file, specifier)).toEqual([]);
  });
});

// radix-ui's index brings every Radix part into the chunk of the module that imports it (the
// app shell, which every page loads: vite.config.ts): the web imports a part
describe("Radix by part", { timeout: 30_000 }, () => {
  it("refuses radix-ui's index", async () => {
    expect(await lintErrors("src/web/lib/probe.tsx", "radix-ui", "no-restricted-imports")).toEqual([
      expect.stringContaining("radix-ui/dialog"),
    ]);
  });
  it.each(["radix-ui/dialog", "radix-ui/slot"])("allows %s", async (specifier) => {
    expect(await lintErrors("src/web/lib/probe.tsx", specifier, "no-restricted-imports")).toEqual(
      [],
    );
    expect(await layerErrors("src/web/lib/probe.tsx", specifier)).toEqual([]);
  });
});
