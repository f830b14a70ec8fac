// npm run lint:migrations: squawk-cli over every migration in drizzle/ (settings in
// .squawk.toml), and a migration that silences a rule (`-- squawk-ignore …`) must name the
// decision record that explains why (decision 013). Exit code 1 on any finding.
// tests/unit/migration-lint.test.ts calls lintMigrations() in its own process (a node + tsx
// start per case was most of its time) and runs this command once.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** Lints `names` (files, or names in drizzle/; all of drizzle/ when empty) from `root`. */
export function lintMigrations(
  names: string[],
  root = process.cwd(),
): { status: 0 | 1; output: string } {
  const dir = "drizzle";
  const files = (names.length > 0 ? names : readdirSync(join(root, dir)))
    .map((name) => (name.includes("/") ? name : join(dir, name)))
    .filter((path) => path.endsWith(".sql"))
    .sort();

  const problems: string[] = [];
  for (const path of files) {
    const text = readFileSync(resolve(root, path), "utf8");
    if (!/squawk-ignore/.test(text)) continue;
    const records = [...text.matchAll(/docs\/decisions\/(\d{3}-[\w.-]+\.md)/g)].map((m) => m[0]);
    const explained = records.some((record) => {
      if (!existsSync(join(root, record))) return false;
      const name = path
        .split("/")
        .pop()!
        .replace(/\.sql$/, "");
      return readFileSync(join(root, record), "utf8").includes(name);
    });
    if (!explained) {
      problems.push(
        `${path}: silences a squawk rule without naming a decision record ` +
          "(docs/decisions/NNN-….md) that explains this migration by its file name",
      );
    }
  }

  const squawk = spawnSync(
    join("node_modules", ".bin", "squawk"),
    ["--config", ".squawk.toml", ...files],
    { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  let output = `${squawk.stdout ?? ""}${squawk.stderr ?? ""}`;
  if (squawk.error) problems.push(`squawk did not run: ${squawk.error.message}`);
  else if (squawk.status !== 0) problems.push("squawk found unsafe statements (above)");

  for (const problem of problems) output += `${problem}\n`;
  if (problems.length > 0) return { status: 1, output };
  return { status: 0, output: `${output}${files.length} migrations checked\n` };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { status, output } = lintMigrations(process.argv.slice(2));
  (status === 0 ? process.stdout : process.stderr).write(output);
  process.exitCode = status;
}
