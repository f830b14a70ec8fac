import { ApiError } from "~/lib/api-client";

// Rules of the embed manager's screens (spec §5 "Embed create", "Domain add"; §8 keys).

/** The name to save from an inline rename: trimmed, only when not empty and changed. */
export function renamedTo(current: string, typed: string): string | null {
  const name = typed.trim();
  return name !== "" && name !== current ? name : null;
}

/** The key as a card shows it: its first 16 characters, then an ellipsis. */
export function shortKey(key: string): string {
  return `${key.slice(0, 16)}…`;
}

export type FailureKey = "createFailed" | "updateFailed" | "deleteFailed";

export type ManagerFailure =
  | { kind: "planLimit" }
  | { kind: "field"; key: "nameRequired" | "domainRequired" | "invalid" | "duplicate" }
  | { kind: "failed"; key: FailureKey };

/** What a failed create, update or delete says: the plan's limit, a field's rule, or the default. */
export function failureOf(error: unknown, fallback: FailureKey): ManagerFailure {
  if (error instanceof ApiError) {
    if (error.code === "PLAN_LIMIT_REACHED") return { kind: "planLimit" };
    const codes = Object.values(error.fields ?? {});
    for (const key of ["nameRequired", "domainRequired", "invalid", "duplicate"] as const) {
      if (codes.includes(key)) return { kind: "field", key };
    }
  }
  return { kind: "failed", key: fallback };
}
