import { useEffect, useRef, useState } from "react";
import type { Language } from "~/app/route-table";
import type { SessionStatus } from "~/lib/use-session";
import { ApiError } from "~/lib/api-client";
import { classifyCalculationId } from "#contracts/calculation-id.ts";
import type { Draft } from "../model/draft";
import { draftFromCalculation, linkOf, type ServerLink } from "../model/saved";
import type { StoredSession } from "../model/storage";

export type LoadState =
  | { kind: "none" }
  | { kind: "loading" }
  | { kind: "done" }
  | { kind: "invalid"; id: string }
  | { kind: "signed-out" }
  | { kind: "no-workspace" }
  | { kind: "not-found" }
  | { kind: "error" };

/**
 * `/calculator?load={id}`: the saved calculation of the current workspace, opened in the
 * calculator. When this browser still holds that very version with changes not yet sent, those
 * entries are kept (and auto-save sends them), so a reload never loses anything.
 */
export function useLoadCalculation(options: {
  id: string | null;
  session: SessionStatus;
  workspace: { status: string; id: string | null };
  restored: boolean;
  stored: StoredSession | null;
  lang: Language;
  adopt: (draft: Draft, link: ServerLink, asSaved?: Draft) => void;
}) {
  const { id, session, workspace, restored, stored, lang, adopt } = options;
  // the first render matches the prerendered page (no query string there): "none"
  const [state, setState] = useState<LoadState>({ kind: "none" });
  const [attempt, setAttempt] = useState(0);
  const done = useRef<string | null>(null);
  const latest = useRef({ stored, lang, adopt });
  useEffect(() => {
    latest.current = { stored, lang, adopt };
  }, [stored, lang, adopt]);

  useEffect(() => {
    if (!id) {
      done.current = null;
      setState({ kind: "none" });
      return;
    }
    const classified = classifyCalculationId(id);
    if (classified.kind !== "update") {
      setState({ kind: "invalid", id });
      return;
    }
    if (session === "loading" || !restored) return setState({ kind: "loading" });
    if (session === "signed-out") return setState({ kind: "signed-out" });
    if (workspace.status === "loading" || workspace.status === "idle") {
      return setState({ kind: "loading" });
    }
    if (workspace.status === "error") return setState({ kind: "error" });
    const workspaceId = workspace.id;
    if (!workspaceId) return setState({ kind: "no-workspace" });
    const key = `${workspaceId}/${classified.id}/${attempt}`;
    if (done.current === key) return;
    let cancelled = false;
    setState({ kind: "loading" });
    // the call and its schema (zod's full API) only when a saved calculation opens (decision 035)
    import("../api/calculations-api")
      .then(({ getCalculation }) => getCalculation(workspaceId, classified.id))
      .then((calculation) => {
        if (cancelled) return;
        const { stored: local, lang: language, adopt: open } = latest.current;
        const fromServer = draftFromCalculation(calculation, language);
        const link = linkOf(calculation, workspaceId);
        const same =
          local?.link?.id === calculation.id &&
          local.link.version === calculation.version &&
          local.link.workspaceId === workspaceId;
        if (same) open(local.draft, { ...link, name: local.link!.name }, fromServer);
        else open(fromServer, link);
        done.current = key;
        setState({ kind: "done" });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (!(error instanceof ApiError) || error.status !== 404) {
          console.error("Could not open the calculation", error);
        }
        setState({
          kind: error instanceof ApiError && error.status === 404 ? "not-found" : "error",
        });
      });
    return () => {
      cancelled = true;
    };
  }, [id, session, workspace.status, workspace.id, restored, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
