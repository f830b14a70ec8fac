import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { Language } from "~/app/route-table";
import { ApiError } from "~/lib/api-client";
import { calculationsQueryKey } from "~/features/history";
import type { Calculation } from "#contracts/calculations.ts";
import { VersionConflictError } from "../api/version-conflict";
import { rememberSavedBody, savedBodyOf, type SavedBody } from "../model/saved-bodies";

// the calls and their schemas (zod's full API) come with the first save (decision 035)
const calculationsApi = () => import("../api/calculations-api");
import type { Draft } from "../model/draft";
import {
  draftFromCalculation,
  isCompletedNow,
  linkOf,
  toSaveBody,
  type ServerLink,
} from "../model/saved";

/** Changes are sent this long after the last one (spec: signed in, auto-save debounced). */
export const autoSaveDelayMs = 1500;

export type ServerSaveStatus = "idle" | "pending" | "saving" | "saved" | "error" | "conflict";

/**
 * What a save came to: done, or not, with the request's error (null when nothing was sent), so
 * that a save form can put a 400's field errors on its fields (decision 067).
 */
export type SaveResult = { ok: true } | { ok: false; error: unknown };
const done: SaveResult = { ok: true };
const notSent: SaveResult = { ok: false, error: null };

/** The body auto-save would send for `draft` kept in `link` (without `version`). */
export function bodyFor(draft: Draft, link: ServerLink) {
  return toSaveBody(draft, {
    name: link.name,
    isCompleted: isCompletedNow(draft, link),
    calculationDate: link.calculationDate,
  });
}
const keyOf = (body: ReturnType<typeof bodyFor>) =>
  typeof body === "string" ? null : JSON.stringify(body);

/**
 * Saving to the server for a signed-in person: the first save creates the calculation (POST,
 * a fresh Idempotency-Key per attempt); from then on every change is sent debounced (PUT with
 * the version read). A stale version opens the conflict (reload theirs or overwrite with mine);
 * a failure toasts and keeps the entries (they also stay in this browser).
 */
export function useServerSave(options: {
  enabled: boolean;
  draft: Draft;
  link: ServerLink | null;
  setLink: (link: ServerLink | null) => void;
  replace: (draft: Draft, link: ServerLink | null) => void;
  lang: Language;
}) {
  const { enabled, draft, link, setLink, replace, lang } = options;
  const { t } = useTranslation("calculator");
  const [status, setStatus] = useState<ServerSaveStatus>("idle");
  const [conflict, setConflict] = useState<Calculation | null>(null);
  /** the open calculation, deleted on the server (404): the entries stay, unlinked */
  const [deleted, setDeleted] = useState<ServerLink | null>(null);
  // the latest values, for saves that finish after later renders
  const draftRef = useRef(draft);
  const linkRef = useRef(link);
  useEffect(() => {
    draftRef.current = draft;
    linkRef.current = link;
  }, [draft, link]);
  /**
   * The body the server has (JSON), so unchanged drafts are not sent again. Kept in this
   * browser too: a calculation restored on a reload or from a kept session is only a view, and
   * sending it would bump its version and put every other device in conflict (issue 30).
   */
  const lastSaved = useRef<SavedBody | null>(null);
  const savedKeyOf = useCallback((target: ServerLink): string | null => {
    const known = lastSaved.current;
    if (known?.id === target.id && known.version === target.version) return known.key;
    return savedBodyOf(target.id, target.version);
  }, []);
  const markSaved = useCallback((target: ServerLink, key: string | null) => {
    if (key === null) return;
    lastSaved.current = { id: target.id, version: target.version, key };
    rememberSavedBody(lastSaved.current);
  }, []);
  const inFlight = useRef(false);
  const again = useRef(false);

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof VersionConflictError) {
        setConflict(error.current);
        setStatus("conflict");
        return;
      }
      console.error("Could not save the calculation", error);
      setStatus("error");
      toast.error(t("save.failed"), { id: "calculation-save" });
    },
    [t],
  );

  const queryClient = useQueryClient();
  const acknowledge = useCallback(
    (sent: Draft, saved: Calculation, workspaceId: string) => {
      const next = linkOf(saved, workspaceId);
      linkRef.current = next;
      markSaved(next, keyOf(bodyFor(sent, next)));
      setLink(next);
      // the history page and the dashboard card show this workspace's calculations
      void queryClient.invalidateQueries({ queryKey: calculationsQueryKey(workspaceId) });
    },
    [setLink, queryClient, markSaved],
  );

  /** PUT the current draft (with `overrides`), queued behind a save under way. */
  const put = useCallback(
    async (overrides: Partial<ServerLink> = {}): Promise<SaveResult> => {
      const current = linkRef.current;
      if (!current) return notSent;
      if (inFlight.current) {
        again.current = true;
        return notSent;
      }
      const target = { ...current, ...overrides };
      const sent = draftRef.current;
      const body = bodyFor(sent, target);
      if (typeof body === "string") return notSent;
      const unchanged = JSON.stringify(body) === savedKeyOf(target);
      if (unchanged && Object.keys(overrides).length === 0) return done;
      inFlight.current = true;
      setStatus("saving");
      let result: SaveResult;
      try {
        const { updateCalculation } = await calculationsApi();
        const saved = await updateCalculation(target.workspaceId, target.id, {
          ...body,
          version: target.version,
        });
        acknowledge(sent, saved, target.workspaceId);
        setStatus("saved");
        result = done;
      } catch (error) {
        result = { ok: false, error };
        again.current = false;
        if (error instanceof ApiError && error.status === 404) {
          // deleted (in the history, here or elsewhere): every later save would fail the same
          linkRef.current = null;
          setLink(null);
          setDeleted(target);
          setStatus("idle");
        } else fail(error);
      } finally {
        inFlight.current = false;
      }
      if (again.current) {
        again.current = false;
        const latest = linkRef.current;
        if (latest && keyOf(bodyFor(draftRef.current, latest)) !== savedKeyOf(latest)) {
          return put();
        }
      }
      return result;
    },
    [acknowledge, fail, savedKeyOf, setLink],
  );

  // auto-save: a changed draft of a saved calculation, sent after a pause
  useEffect(() => {
    if (!enabled || !link || status === "conflict") return;
    const key = keyOf(bodyFor(draft, link));
    if (key === null) return;
    if (key === savedKeyOf(link)) {
      // a restored calculation the server already has: nothing to send, and it is saved
      setStatus((s) => (s === "idle" ? "saved" : s));
      return;
    }
    setStatus((s) => (s === "saving" ? s : "pending"));
    const timer = window.setTimeout(() => void put(), autoSaveDelayMs);
    return () => window.clearTimeout(timer);
  }, [enabled, draft, link, status, put, savedKeyOf]);

  /** First save (POST) in `workspaceId`, or a save under a new name. Resolves to what it came to. */
  const saveNow = useCallback(
    async (name: string, workspaceId: string): Promise<SaveResult> => {
      if (linkRef.current) return put({ name });
      const sent = draftRef.current;
      const body = toSaveBody(sent, { name, isCompleted: isCompletedNow(sent, null) });
      if (typeof body === "string") return notSent;
      setStatus("saving");
      try {
        const { createCalculation, newIdempotencyKey } = await calculationsApi();
        const saved = await createCalculation(workspaceId, body, newIdempotencyKey());
        acknowledge(sent, saved, workspaceId);
        setStatus("saved");
        setDeleted(null);
        return done;
      } catch (error) {
        fail(error);
        return { ok: false, error };
      }
    },
    [put, acknowledge, fail],
  );

  /** A calculation opened from the server (`?load`): what it holds counts as saved. */
  const adopt = useCallback(
    (opened: Draft, openedLink: ServerLink, asSaved: Draft = opened) => {
      markSaved(openedLink, keyOf(bodyFor(asSaved, openedLink)));
      draftRef.current = opened;
      linkRef.current = openedLink;
      replace(opened, openedLink);
      setStatus("saved");
      setDeleted(null);
    },
    [replace, markSaved],
  );

  const reloadTheirs = useCallback(() => {
    if (!conflict || !linkRef.current) return;
    adopt(draftFromCalculation(conflict, lang), linkOf(conflict, linkRef.current.workspaceId));
    setConflict(null);
  }, [conflict, adopt, lang]);

  const overwriteWithMine = useCallback(async () => {
    if (!conflict) return;
    const version = conflict.version;
    setConflict(null);
    await put({ version });
  }, [conflict, put]);

  const retry = useCallback(() => void put(), [put]);
  /** Forget the previous calculation's state (start over). */
  const forget = useCallback(() => {
    lastSaved.current = null;
    setStatus("idle");
    setConflict(null);
    setDeleted(null);
  }, []);

  /** The deleted calculation's entries, saved again as a new calculation under its name. */
  const saveAsNew = useCallback(async () => {
    if (!deleted) return false;
    return (await saveNow(deleted.name, deleted.workspaceId)).ok;
  }, [deleted, saveNow]);

  return {
    status,
    conflict,
    deleted,
    saveAsNew,
    saveNow,
    adopt,
    retry,
    reloadTheirs,
    overwriteWithMine,
    forget,
  };
}
