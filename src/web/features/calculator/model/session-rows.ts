import type { CurrencyCode } from "#domain/money/currency.ts";
import { computeDraft } from "./compute";
import type { Draft } from "./draft";
import { isCompletedNow, type ServerLink } from "./saved";
import type { CurrentSession, SessionStore } from "./sessions";

// The session manager's list (sessions.ts keeps the sessions): a complete session shows its zakat
// due, computed with compute.ts, which checks the request with the contract's schema (zod's full
// API). The session manager is a dialog on demand, so this does not load with the calculator
// (decision 035).

// ---------------------------------------------------------------------------------------------
// What the list shows

export interface SessionSummary {
  /** spec §3: complete once the results step was reached (going back to edit keeps it so) */
  complete: boolean;
  /** the zakat due of a complete session, when it can be computed */
  zakatDue: { amount: string; currency: CurrencyCode } | null;
}

export function summarize(draft: Draft, link: ServerLink | null, reached = false): SessionSummary {
  const complete = reached || isCompletedNow(draft, link);
  if (!complete) return { complete, zakatDue: null };
  const outcome = computeDraft(draft);
  return {
    complete,
    zakatDue: outcome.ok
      ? { amount: outcome.response.zakatDue, currency: draft.settings.currency }
      : null,
  };
}

export interface SessionRow extends SessionSummary {
  id: string;
  name: string;
  updatedAt: string;
  current: boolean;
  /** the workspace calculation it is saved to */
  savedTo: string | null;
}

/** The current session first, then the others, most recently changed first. */
export function sessionRows(store: SessionStore, current: CurrentSession, now: string) {
  const rows: SessionRow[] = [];
  if (store.current) {
    rows.push({
      id: store.current.id,
      name: store.current.name,
      updatedAt: current.updatedAt ?? now,
      current: true,
      savedTo: current.link?.id ?? null,
      ...summarize(current.draft, current.link, store.current.completed),
    });
  }
  for (const session of store.others) {
    rows.push({
      id: session.id,
      name: session.name,
      updatedAt: session.updatedAt,
      current: false,
      savedTo: session.link?.id ?? null,
      ...summarize(session.draft, session.link, session.completed),
    });
  }
  return rows;
}
