import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { aliases, layers, matches } from "../../eslint/layer-imports.js";

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
  // the server's packages are an allow-list like the other layers'
  ["src/server/probe.ts", "preact"],
  ["src/server/probe.ts", "radix-ui/dialog"],
  ["src/server/probe.ts", "lucide-react"],
  ["src/server/probe.ts", "react-day-picker"],
  // relative paths that leave src/ reach test helpers and build scripts
  ["src/web/features/auth/probe.ts", "../../../../tests/helpers/accounts"],
  ["src/web/features/auth/probe.ts", "../../../../scripts/build-server"],
  ["src/server/probe.ts", "../../tests/helpers/accounts"],
  // shared web code does not know the features
  ["src/web/components/ui/probe.tsx", "~/features/dashboard/lib/early-data"],
  ["src/web/lib/probe.ts", "~/features/tracker"],
  ["src/web/app/probe.tsx", "../features/history/components/history-page"],
  ["src/web/app/probe.tsx", "~/features/auth"],
  ["src/web/components/layout/probe.tsx", "~/features/workspaces/components/workspace-switcher"],
  ["src/web/lib/probe.ts", "~/features/auth/components/session-provider"],
  // nor does it, or a feature, import the shell that composes them
  ["src/web/lib/probe.ts", "~/shell/providers"],
  ["src/web/components/ui/probe.tsx", "../../shell/layout"],
  ["src/web/features/auth/probe.ts", "~/shell/site-header"],
  // a feature reaches another only through its index.ts
  ["src/web/features/calendar/probe.ts", "~/features/history/components/history-page"],
  ["src/web/features/calendar/probe.ts", "../history/components/history-page"],
  ["src/web/features/calendar/probe.test.ts", "~/features/history/components/history-page"],
  ["src/web/features/dashboard/probe.ts", "~/features/tracker/components/milestone-timeline"],
  ["src/web/features/calculator/probe.ts", "../../features/history/api/query-keys"],
  ["src/web/features/calculator/probe.test.tsx", "~/features/auth/components/session-provider"],
  // an alias (package.json's "imports") is judged by the file it names
  ["src/domain/zakat/probe.ts", "#contracts/errors.ts"],
  ["src/domain/zakat/probe.ts", "#domain/../web/lib/format.ts"],
  ["src/contracts/probe.ts", "#locales/en/auth.json"],
  ["src/web/lib/probe.ts", "#tests/helpers/accounts.ts"],
  ["src/web/features/auth/probe.ts", "#domain/../server/env.ts"],
  ["src/web/features/auth/probe.ts", "#contracts/../../scripts/build-server.ts"],
  ["src/server/probe.ts", "#tests/helpers/accounts.ts"],
  ["src/server/probe.ts", "#domain/../web/lib/format.ts"],
  ["src/web/lib/probe.ts", "#web/features/auth/index.ts"],
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
  ["src/server/probe.ts", "drizzle-orm/pg-core"],
  ["src/server/probe.ts", "@hono/node-server"],
  ["src/server/probe.ts", "../../locales/en/email.json"],
  ["src/server/probe.test.ts", "vitest"],
  ["src/web/features/calendar/probe.ts", "~/features/history"],
  ["src/web/features/calendar/probe.ts", "~/features/history/index"],
  ["src/web/features/calendar/probe.ts", "../history/index.ts"],
  ["src/web/features/calendar/probe.ts", "~/features/calendar/components/x"],
  ["src/web/features/calendar/probe.test.ts", "~/features/auth/test/render"],
  ["src/web/routes/probe.tsx", "~/features/history/components/history-page"],
  ["src/web/shell/probe.tsx", "~/features/workspaces/components/workspace-switcher"],
  ["src/web/shell/probe.tsx", "~/features/auth/components/session-provider"],
  ["src/web/root.tsx", "./shell/providers"],
  ["src/web/features/dashboard/probe.ts", "~/features/tracker"],
  ["src/web/lib/probe.ts", "./use-session"],
  ["src/web/features/auth/probe.ts", "#domain/dates/index.ts"],
  ["src/web/features/auth/probe.ts", "#contracts/errors.ts"],
  ["src/web/features/auth/probe.ts", "#locales/en/auth.json"],
  ["src/web/features/tracker/lib/probe.test.ts", "#tests/helpers/hawl-words-cases.ts"],
  ["src/contracts/probe.ts", "#domain/dates/index.ts"],
  ["src/server/probe.ts", "#contracts/errors.ts"],
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

// tsc, Vite, vitest, esbuild and tsx all read package.json's "imports": a typo there is a folder
// nobody can import
describe("aliases", () => {
  it.each(Object.entries(aliases))("%s names a folder (%s)", (key, value) => {
    expect(key).toMatch(/^#[a-z]+\/\*$/);
    expect(existsSync(path.join(root, value.replace(/\*$/, "")))).toBe(true);
  });
});

// four or more ../ are refused everywhere (src/, tests/, scripts/): an alias says where it lands
describe("no deep relative import", { timeout: 30_000 }, () => {
  const deepErrors = (file: string, specifier: string) =>
    lintErrors(file, specifier, "hawl/deep-relative-imports");
  it.each([
    ["src/web/features/auth/probe.ts", "../../../../locales/en/auth.json"],
    ["src/web/features/tracker/lib/probe.test.ts", "../../../../../tests/helpers/hawl-words-cases"],
    ["src/web/features/calculator/components/steps/probe.tsx", "../../../../../domain/zakat/input"],
    ["tests/e2e/a/b/c/probe.ts", "../../../../src/domain/dates/index.ts"],
  ])("%s may not import %s", async (file, specifier) => {
    expect(await deepErrors(file, specifier)).toHaveLength(1);
  });
  it.each([
    ["src/web/features/calculator/components/probe.tsx", "../../../app/i18n"],
    ["src/web/features/calculator/components/probe.tsx", "../../../lib/format"],
    ["src/web/features/calculator/components/probe.tsx", "#domain/zakat/input.ts"],
  ])("%s may import %s", async (file, specifier) => {
    expect(await deepErrors(file, specifier)).toEqual([]);
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

// every file under src with the specifiers it imports (static, re-exports and dynamic)
function sourceImports(): Array<[file: string, specifier: string]> {
  const pattern =
    /(?:^|\s)(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']|^import\s+["']([^"']+)["']/gm;
  return readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) =>
      [...readFileSync(path.join(root, "src", file), "utf8").matchAll(pattern)].map(
        (m): [string, string] => [file.split(path.sep).join("/"), (m[1] ?? m[2] ?? m[3])!],
      ),
    );
}

// an entry nobody uses is a door left open for the next import nobody decided on
describe("no unused allow-list entry", () => {
  const imports = sourceImports();

  it.each(Object.keys(layers))("%s's packages are all imported", (name) => {
    const layer = layers[name as keyof typeof layers];
    const used = imports.filter(([file]) => file.startsWith(`${name}/`)).map(([, s]) => s);
    const unused = layer.packages.filter((p) => !used.some((s) => matches([p], s)));
    expect(unused).toEqual([]);
  });
});
