import { BaseSequencer, type TestSpecification } from "vitest/node";

// The integration projects run their files on 2 workers, each taking the next file of one queue
// when it is done with one. Without vitest's cache (a fresh checkout: CI) that queue is ordered
// by file size, so a long file that is short in bytes (crash-durability, admin-command) could
// start last and keep one worker busy long after the other has finished. The longest files
// start first instead (longest processing time first), in the order below (measured);
// the rest follow in vitest's own order, the short ones filling in at the end.

/**
 * The longest integration files, longest first (on PGlite, where the run is longer: 25–50 s
 * for crash-durability down to 6–8 s for session-cache, decision 036). A file not named here
 * starts after them.
 */
export const longestIntegrationFiles = [
  "crash-durability.test.ts",
  "invitations.test.ts",
  "reminders.test.ts",
  "sync-transaction.test.ts",
  "server-jobs.test.ts",
  "jobs.test.ts",
  "admin-command.test.ts",
  "fuzz-write-routes.test.ts",
  "fuzz-signed-stripe-events.test.ts",
  "starting-server.test.ts",
  "large-sync.test.ts",
  "auth-rate-limit.test.ts",
  "calculations.test.ts",
  "authorization-matrix-1.test.ts",
  "session-cache.test.ts",
];

type Spec = Pick<TestSpecification, "moduleId"> & { project: { name: string } };

const rank = (spec: Spec): number => {
  const index = longestIntegrationFiles.findIndex((file) =>
    spec.moduleId.endsWith(`/tests/integration/${file}`),
  );
  return index === -1 ? longestIntegrationFiles.length : index;
};

/**
 * `sorted` (vitest's order) with each integration project's files reordered among themselves,
 * in the places vitest gave that project (projects run one after another): the longest first.
 * Other projects keep vitest's order.
 */
export function longestFirst<T extends Spec>(sorted: T[]): T[] {
  const places = new Map<string, number[]>();
  sorted.forEach((spec, index) => {
    if (!spec.project.name.startsWith("integration-")) return;
    const list = places.get(spec.project.name) ?? [];
    list.push(index);
    places.set(spec.project.name, list);
  });
  const result = [...sorted];
  for (const indexes of places.values()) {
    const specs = indexes.map((index) => sorted[index]!);
    // Array.prototype.sort is stable: equal ranks keep vitest's order
    specs.sort((a, b) => rank(a) - rank(b));
    indexes.forEach((index, n) => (result[index] = specs[n]!));
  }
  return result;
}

export class IntegrationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(await super.sort(files));
  }
}
