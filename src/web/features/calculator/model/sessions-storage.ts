import type { Language } from "~/app/route-table";
import { draftFromStorage } from "./draft-from-storage";
import {
  byNewest,
  emptySessionStore,
  maxDocuments,
  maxSessionNameLength,
  maxSessions,
  SAVED_SESSIONS_KEY,
  type SavedSession,
  type SessionMeta,
  type SessionStore,
} from "./sessions";
import { CURRENT_SESSION_KEY, isLink } from "./storage";

// Reading and writing zakat_saved_sessions (sessions.ts says what it holds). Everything read
// back is checked: an entry that cannot be read is skipped (and dropped on the next write).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isDate = (value: unknown): value is string =>
  typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));

function metaFrom(value: unknown): SessionMeta | null {
  if (!isRecord(value)) return null;
  const { id, name, createdAt, documents, completed } = value;
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return null;
  if (typeof name !== "string" || name.trim() === "") return null;
  if (!isDate(createdAt)) return null;
  return {
    id,
    name: name.trim().slice(0, maxSessionNameLength),
    createdAt,
    documents: Array.isArray(documents)
      ? [
          ...new Set(documents.filter((d): d is string => typeof d === "string" && d.length <= 50)),
        ].slice(0, maxDocuments)
      : [],
    completed: completed === true,
  };
}

function sessionFrom(value: unknown, fallbackLanguage: Language): SavedSession | null {
  const meta = metaFrom(value);
  if (!meta || !isRecord(value) || !isDate(value.updatedAt)) return null;
  const draft = draftFromStorage({ version: 1, draft: value.draft }, fallbackLanguage);
  if (!draft) return null;
  return {
    ...meta,
    updatedAt: value.updatedAt,
    draft,
    link: isLink(value.link) ? value.link : null,
  };
}

/**
 * The stored sessions from the key's raw text. Unreadable text gives an empty store; an entry
 * that cannot be read, a repeated id and entries beyond the cap are left out.
 */
export function parseSessionStore(raw: string | null, fallbackLanguage: Language): SessionStore {
  if (!raw) return emptySessionStore;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptySessionStore;
  }
  if (!isRecord(data) || data.version !== 1) return emptySessionStore;
  const current = metaFrom(data.current);
  const seen = new Set(current ? [current.id] : []);
  const others: SavedSession[] = [];
  for (const entry of Array.isArray(data.sessions) ? data.sessions : []) {
    const session = sessionFrom(entry, fallbackLanguage);
    if (!session || seen.has(session.id)) continue;
    seen.add(session.id);
    others.push(session);
  }
  return { current, others: others.sort(byNewest).slice(0, maxSessions - 1) };
}

export function serializeSessionStore(store: SessionStore): string {
  return JSON.stringify({ version: 1, current: store.current, sessions: store.others });
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The sessions kept in this browser (an empty store when storage is unavailable). */
export function readSessionStore(fallbackLanguage: Language): SessionStore {
  try {
    return parseSessionStore(storage()?.getItem(SAVED_SESSIONS_KEY) ?? null, fallbackLanguage);
  } catch {
    return emptySessionStore;
  }
}

/** Stores the sessions; false when the browser refused (quota, private mode). */
export function writeSessionStore(store: SessionStore): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(SAVED_SESSIONS_KEY, serializeSessionStore(store));
    return true;
  } catch (error) {
    console.error("Could not keep the sessions on this device", error);
    return false;
  }
}

/**
 * The current session loses its name and ticks (the calculator started over with an empty
 * one); the other sessions are left as they are, unread.
 */
export function forgetCurrentSession(): void {
  try {
    const target = storage();
    const raw = target?.getItem(SAVED_SESSIONS_KEY);
    if (!target || !raw) return;
    const data: unknown = JSON.parse(raw);
    if (!isRecord(data) || data.version !== 1 || data.current == null) return;
    target.setItem(SAVED_SESSIONS_KEY, JSON.stringify({ ...data, current: null }));
  } catch {
    // unreadable or unavailable: nothing to forget
  }
}

/** When the current draft was last stored (zakat_current_session's savedAt). */
export function readCurrentSavedAt(): string | null {
  try {
    const raw = storage()?.getItem(CURRENT_SESSION_KEY);
    if (!raw) return null;
    const data: unknown = JSON.parse(raw);
    return isRecord(data) && isDate(data.savedAt) ? data.savedAt : null;
  } catch {
    return null;
  }
}
