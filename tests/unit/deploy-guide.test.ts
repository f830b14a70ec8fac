import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/deploy.md promises that every Hawl command in it is run by a test or CI (decision 061).
// This keeps the guide and those places in step: its npm scripts exist, the files and tests it
// names exist, CI runs its checks of the unit and the Caddyfile word for word, and the unit
// starts the bundle the build writes, with variables the server reads.

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const guide = read("docs/deploy.md");

describe("docs/deploy.md", () => {
  it("names only npm scripts that exist", () => {
    const scripts = Object.keys(
      (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...guide.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("names files and tests that exist", () => {
    const files = [
      ...guide.matchAll(
        /\b((?:deploy|tests\/integration|docs)\/[\w./-]+\.(?:ts|md|service)|deploy\/Caddyfile)\b/g,
      ),
    ].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });

  it("shows the checks CI runs, word for word", () => {
    const ci = read(".ci/run");
    for (const command of [
      "systemd-analyze verify deploy/hawl.service",
      "caddy validate --adapter caddyfile --config deploy/Caddyfile",
    ]) {
      expect(guide).toContain(command);
      expect(ci).toContain(command);
    }
  });

  it("has a unit that starts the built server with variables the server reads", () => {
    const unit = read("deploy/hawl.service");
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/hawl\/build\/server\/main\.js$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^User=hawl$/m);
    const documented = read(".env.example");
    const variables = [...unit.matchAll(/^Environment=(\w+)=/gm)].map((match) => match[1]!);
    expect(variables).toContain("DATA_DIR");
    expect(variables.filter((name) => !documented.includes(`# ${name}=`))).toEqual([]);
  });
});
