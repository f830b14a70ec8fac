import type { Draft } from "./draft";
import { isCompletedNow, type ServerLink } from "./saved";

// Several calculations ("sessions") kept in this browser (spec §2 "session manager", §3
// "Session: in progress or complete", §8 key zakat_saved_sessions, cleared on sign-out).
//
// The session open in the calculator keeps its draft in zakat_current_session (storage.ts,
// auto-saved on every change). zakat_saved_sessions holds that session's name and ticked
// documents (`current`), and the other sessions with their drafts (`sessions`):
//
//   { "version": 1, "current": { id, name, createdAt, documents, completed },
//     "sessions": [ { id, name, createdAt, documents, completed, updatedAt, draft, link } ] }
//
// Starting a new session or opening another one first moves the current one into `sessions`,
// so nothing typed is lost. Everything read back is checked: an entry that cannot be read is
// skipped (and dropped on the next write), never a crash.

export const SAVED_SESSIONS_KEY = "zakat_saved_sessions";
/** Sessions kept on this device, the current one included. */
export const maxSessions = 20;
export const maxSessionNameLength = 100;

export interface SessionMeta {
  /** "local_<uuid>" (spec §5: a local id is never sent as a calculation id) */
  id: string;
  name: string;
  createdAt: string;
  /** the ids of the documents ticked in "Documents to gather" */
  documents: string[];
  /** spec §3 "Session: in progress or complete": complete once the results step was reached */
  completed: boolean;
}

export interface SavedSession extends SessionMeta {
  /** when its entries last changed */
  updatedAt: string;
  draft: Draft;
  /** the workspace calculation it is kept in sync with, when saved to an account */
  link: ServerLink | null;
}

export interface SessionStore {
  /** the session open in the calculator; null until it is named (first use of the manager) */
  current: SessionMeta | null;
  /** the other sessions, most recently changed first */
  others: SavedSession[];
}

/** The current session as the calculator holds it. */
export interface CurrentSession {
  draft: Draft;
  link: ServerLink | null;
  /** when it last changed (zakat_current_session's savedAt), null when unknown */
  updatedAt: string | null;
}

export const emptySessionStore: SessionStore = { current: null, others: [] };

/** Documents ticked per session, at most. */
export const maxDocuments = 50;

/** Most recently changed first. */
export const byNewest = (a: SavedSession, b: SavedSession) =>
  Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

// ---------------------------------------------------------------------------------------------
// Changes (pure: each returns a new store)

export function newSessionId(): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `local_${random}`;
}

/** `base`, or `base (2)`, `base (3)`… when the name is taken. */
export function uniqueName(base: string, taken: readonly string[]): string {
  const trimmed = base.trim().slice(0, maxSessionNameLength - 5) || "—";
  const names = new Set(taken.map((n) => n.toLowerCase()));
  if (!names.has(trimmed.toLowerCase())) return trimmed;
  for (let n = 2; ; n++) {
    const candidate = `${trimmed} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

const namesOf = (store: SessionStore) => [
  ...(store.current ? [store.current.name] : []),
  ...store.others.map((s) => s.name),
];

/** The store with a named current session (`name` made unique, used only when there is none). */
export function ensureCurrent(store: SessionStore, name: string, now: string): SessionStore {
  if (store.current) return store;
  return {
    ...store,
    current: {
      id: newSessionId(),
      name: uniqueName(name, namesOf(store)),
      createdAt: now,
      documents: [],
      completed: false,
    },
  };
}

/** Nothing chosen and nothing typed (settings do not count): not worth keeping. */
export function isBlankDraft(draft: Draft): boolean {
  return (
    !Object.values(draft.assetSelection).some(Boolean) &&
    !Object.values(draft.liabilitySelection).some(Boolean) &&
    Object.values(draft.amounts).every((text) => text.trim() === "") &&
    draft.bankAccounts.length === 0
  );
}

/** Whether a new session can be started: the current one needs a place among the others. */
export function isFull(store: SessionStore, current: CurrentSession): boolean {
  return !isBlankDraft(current.draft) && store.others.length >= maxSessions - 1;
}

export type SessionChange = { ok: true; store: SessionStore } | { ok: false; reason: "full" };

/**
 * A new session: the current one is kept among the others (a blank one is dropped), and none
 * is current until the calculator names the new one.
 */
export function keepCurrent(
  store: SessionStore,
  current: CurrentSession,
  name: string,
  now: string,
): SessionChange {
  if (isBlankDraft(current.draft)) return { ok: true, store: { ...store, current: null } };
  if (isFull(store, current)) return { ok: false, reason: "full" };
  const meta = ensureCurrent(store, name, now).current!;
  const kept: SavedSession = {
    ...meta,
    completed: meta.completed || isCompletedNow(current.draft, current.link),
    updatedAt: current.updatedAt ?? now,
    draft: current.draft,
    link: current.link,
  };
  return {
    ok: true,
    store: {
      current: null,
      others: [kept, ...store.others.filter((s) => s.id !== meta.id)].sort(byNewest),
    },
  };
}

/**
 * Opens a kept session: the current one takes its place among the others, the opened one
 * becomes current. Null when there is no such session.
 */
export function openSession(
  store: SessionStore,
  id: string,
  current: CurrentSession,
  name: string,
  now: string,
): { store: SessionStore; opened: SavedSession } | null {
  const opened = store.others.find((s) => s.id === id);
  if (!opened) return null;
  const rest = { ...store, others: store.others.filter((s) => s.id !== id) };
  // one fewer among the others, so the current one always fits
  const kept = keepCurrent(rest, current, name, now);
  if (!kept.ok) return null;
  const { id: openedId, name: openedName, createdAt, documents, completed } = opened;
  return {
    store: {
      current: { id: openedId, name: openedName, createdAt, documents, completed },
      others: kept.store.others,
    },
    opened,
  };
}

export type RenameResult = { ok: true; store: SessionStore } | { ok: false; reason: "empty" };

/** Renames the current session or a kept one (trimmed, at most `maxSessionNameLength`). */
export function renameSession(store: SessionStore, id: string, name: string): RenameResult {
  const trimmed = name.trim().slice(0, maxSessionNameLength);
  if (!trimmed) return { ok: false, reason: "empty" };
  return {
    ok: true,
    store: {
      current: store.current?.id === id ? { ...store.current, name: trimmed } : store.current,
      others: store.others.map((s) => (s.id === id ? { ...s, name: trimmed } : s)),
    },
  };
}

/** Deletes a kept session (the current one is discarded by starting over). */
export function deleteSession(store: SessionStore, id: string): SessionStore {
  return {
    current: store.current?.id === id ? null : store.current,
    others: store.others.filter((s) => s.id !== id),
  };
}

/** Ticks or unticks a document of the current session (named if it was not yet). */
export function setDocumentTicked(
  store: SessionStore,
  documentId: string,
  ticked: boolean,
  name: string,
  now: string,
): SessionStore {
  const named = ensureCurrent(store, name, now);
  const meta = named.current!;
  const rest = meta.documents.filter((d) => d !== documentId);
  return {
    ...named,
    current: { ...meta, documents: ticked ? [...rest, documentId].slice(0, maxDocuments) : rest },
  };
}

/** The current session reached the results step (named if it was not yet). */
export function markCompleted(store: SessionStore, name: string, now: string): SessionStore {
  const named = ensureCurrent(store, name, now);
  return { ...named, current: { ...named.current!, completed: true } };
}
