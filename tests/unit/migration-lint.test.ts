import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lintMigrations } from "../../scripts/lint-migrations.ts";

// npm run lint:migrations (scripts/lint-migrations.ts, decision 013): the landed migrations
// pass; a destructive or locking one is refused, and so is silencing squawk without a record.
// The command itself runs once; the cases call its function here (same squawk, same checks).

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "hawl-migration-lint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function command(...files: string[]) {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/lint-migrations.ts", ...files],
    { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const lint = (...files: string[]) => lintMigrations(files, root);

function migration(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("migration lint", () => {
  it("passes every migration in drizzle/", () => {
    const run = command();
    expect(run.output).toMatch(/\d+ migrations checked/);
    expect(run.status).toBe(0);
  });

  it("as a command, exits 1 and says why on a finding", () => {
    const run = command(migration("9004_drop.sql", 'DROP TABLE "milestones";\n'));
    expect(run.status).toBe(1);
    expect(run.output).toContain("ban-drop-table");
    expect(run.output).toContain("squawk found unsafe statements");
  });

  it("passes an additive change: a new table, a nullable column", () => {
    const file = migration(
      "9000_additive.sql",
      'CREATE TABLE "notes" ("id" uuid PRIMARY KEY NOT NULL, "text" text);\n' +
        '--> statement-breakpoint\nALTER TABLE "milestones" ADD COLUMN "note" text;\n',
    );
    expect(lint(file).status).toBe(0);
  });

  it.each([
    ["a dropped column", 'ALTER TABLE "milestones" DROP COLUMN "title";', "ban-drop-column"],
    ["a dropped table", 'DROP TABLE "milestones";', "ban-drop-table"],
    [
      "a column type change",
      'ALTER TABLE "milestones" ALTER COLUMN "title" TYPE varchar(20);',
      "changing-column-type",
    ],
    [
      "a required column without default",
      'ALTER TABLE "milestones" ADD COLUMN "x" text NOT NULL;',
      "adding-required-field",
    ],
    [
      "a blocking index on an existing table",
      'CREATE INDEX "milestones_title_idx" ON "milestones" ("title");',
      "require-concurrent-index-creation",
    ],
  ])("refuses %s", (_label, statement, rule) => {
    const run = lint(migration(`9001_${rule}.sql`, `${statement}\n`));
    expect(run.status).toBe(1);
    expect(run.output).toContain(rule);
  });

  it("refuses a silenced rule without a decision record that names the migration", () => {
    const bare = migration(
      "9002_ignored.sql",
      '-- squawk-ignore ban-drop-column\nALTER TABLE "milestones" DROP COLUMN "title";\n',
    );
    const run = lint(bare);
    expect(run.status).toBe(1);
    expect(run.output).toContain("without naming a decision record");

    // a record that exists but does not explain this migration is not enough either
    const elsewhere = migration(
      "9003_ignored.sql",
      "-- see docs/decisions/013-migration-lint.md\n" +
        '-- squawk-ignore ban-drop-column\nALTER TABLE "milestones" DROP COLUMN "title";\n',
    );
    expect(lint(elsewhere).status).toBe(1);
  });
});
