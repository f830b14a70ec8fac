import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { longestFirst, longestIntegrationFiles } from "../helpers/integration-sequencer.ts";

// The integration files' order on a fresh checkout (vitest.config.ts's sequencer): the longest
// files start first, so the two workers finish together.

const root = path.resolve(import.meta.dirname, "../..");
const spec = (project: string, file: string) => ({
  project: { name: project },
  moduleId: path.join(root, file),
});

describe("the integration sequencer", () => {
  it("starts each integration project's longest files first, in their places, and leaves other projects alone", () => {
    const vitestOrder = [
      spec("unit", "tests/unit/b.test.ts"),
      spec("unit", "tests/unit/a.test.ts"),
      spec("integration-pglite", "tests/integration/invitations.test.ts"),
      spec("integration-pglite", "tests/integration/me.test.ts"),
      spec("integration-pglite", "tests/integration/crash-durability.test.ts"),
      spec("integration-pglite", "tests/integration/health.test.ts"),
      spec("integration-postgres", "tests/integration/me.test.ts"),
      spec("integration-postgres", "tests/integration/admin-command.test.ts"),
    ];
    const names = longestFirst(vitestOrder).map(
      (s) => `${s.project.name} ${path.basename(s.moduleId)}`,
    );
    expect(names).toEqual([
      "unit b.test.ts",
      "unit a.test.ts",
      "integration-pglite crash-durability.test.ts",
      "integration-pglite invitations.test.ts",
      "integration-pglite me.test.ts",
      "integration-pglite health.test.ts",
      "integration-postgres admin-command.test.ts",
      "integration-postgres me.test.ts",
    ]);
  });

  it("names files that exist, once each", () => {
    for (const file of longestIntegrationFiles) {
      expect(existsSync(path.join(root, "tests/integration", file)), file).toBe(true);
    }
    expect(new Set(longestIntegrationFiles).size).toBe(longestIntegrationFiles.length);
  });
});
