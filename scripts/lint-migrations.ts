// npm run lint:migrations: squawk-cli over every migration in drizzle/ (settings in
// .squawk.toml), and a migration that silences a rule (`-- squawk-ignore …`) must name the
// decision record that explains why (decision 013). Exit code 1 on any finding.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = "drizzle";
const files = (process.argv.length > 2 ? process.argv.slice(2) : readdirSync(dir))
  .map((name) => (name.includes("/") ? name : join(dir, name)))
  .filter((path) => path.endsWith(".sql"))
  .sort();

const problems: string[] = [];
for (const path of files) {
  const text = readFileSync(path, "utf8");
  if (!/squawk-ignore/.test(text)) continue;
  const records = [...text.matchAll(/docs\/decisions\/(\d{3}-[\w.-]+\.md)/g)].map((m) => m[0]);
  const explained = records.some((record) => {
    if (!existsSync(record)) return false;
    const name = path
      .split("/")
      .pop()!
      .replace(/\.sql$/, "");
    return readFileSync(record, "utf8").includes(name);
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
  { stdio: "inherit" },
);
if (squawk.error) problems.push(`squawk did not run: ${squawk.error.message}`);
else if (squawk.status !== 0) problems.push("squawk found unsafe statements (above)");

for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`${files.length} migrations checked`);
