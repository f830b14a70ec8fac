import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/app/language";
import { localizedPath, type Language } from "~/app/route-table";
import { useSession } from "~/lib/use-session";
import { calculationsQueryKey } from "~/features/history";
import { useWorkspaces } from "~/lib/use-workspaces";
import { createCalculation } from "../api/calculations-api";
import {
  holdsMigratedEntries,
  migrationFailure,
  readPendingMigration,
  removePendingMigration,
  writePendingMigration,
  type PendingMigration,
} from "../model/migration";
import { linkOf, type SaveBody, type ServerLink } from "../model/saved";
import { loadSession, saveDraft } from "../model/storage";
import { CALCULATION_MIGRATED_EVENT, type CalculationMigratedDetail } from "./use-migrated-link";

/**
 * Spec §4: a guest calculation migrated to the new account. Once the person is signed in and
 * their workspace is known, the calculation waiting under `pending_calculation_migration` is
 * created there (POST with its Idempotency-Key), the key removed, the calculator's session
 * linked to it (so auto-save continues into it), and a toast offers to open it. A failure keeps
 * the key for the next page load; a request the server refuses as such is dropped, with a toast.
 *
 * Mounted once for every page (app layout), so it runs wherever the person lands after signing
 * in. Only a sign-out, or a session that disappears, clears the key (session-provider); a guest
 * who never signed in keeps it.
 */
export function useGuestMigration(): void {
  const session = useSession();
  const workspaces = useWorkspaces();
  const { t } = useTranslation("calculator");
  const navigate = useNavigate();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const latest = useRef({ t, navigate, lang, queryClient });
  useEffect(() => {
    latest.current = { t, navigate, lang, queryClient };
  }, [t, navigate, lang, queryClient]);
  /** the person this page load already tried for: one attempt per load */
  const attempted = useRef<string | null>(null);

  const userId = session.status === "signed-in" ? (session.user?.id ?? null) : null;
  const ready = workspaces.status === "ready";
  const currentId = workspaces.current?.id ?? null;

  useEffect(() => {
    if (!userId || !ready || attempted.current === userId) return;
    const pending = readPendingMigration();
    if (!pending) return;
    const workspaceId = pending.workspaceId ?? currentId;
    if (!workspaceId) return; // no workspace yet: tried again once there is one
    attempted.current = userId;
    void migrate({ ...pending, workspaceId }, workspaceId, latest.current);
  }, [userId, ready, currentId]);
}

async function migrate(
  pending: PendingMigration,
  workspaceId: string,
  context: {
    t: TFunction<"calculator">;
    navigate: ReturnType<typeof useNavigate>;
    lang: Language;
    queryClient: ReturnType<typeof useQueryClient>;
  },
): Promise<void> {
  const { t, navigate, lang, queryClient } = context;
  // a retry (next load, another tab) goes to the same workspace with the same key
  writePendingMigration(pending);
  let saved;
  try {
    saved = await createCalculation(workspaceId, pending.body, pending.idempotencyKey);
  } catch (error) {
    const outcome = migrationFailure(error);
    console.error("Could not save the calculation made before signing in", error);
    if (outcome === "drop") {
      removePendingMigration(pending.idempotencyKey);
      toast.error(t("migration.dropped"), { id: "guest-migration" });
    } else {
      if (outcome === "retarget") writePendingMigration({ ...pending, workspaceId: null });
      toast.error(t("migration.later"), { id: "guest-migration" });
    }
    return;
  }
  removePendingMigration(pending.idempotencyKey);
  const link = linkOf(saved, workspaceId);
  linkStoredSession(link, pending.body, lang);
  window.dispatchEvent(
    new CustomEvent<CalculationMigratedDetail>(CALCULATION_MIGRATED_EVENT, {
      detail: { link, body: pending.body },
    }),
  );
  void queryClient.invalidateQueries({ queryKey: calculationsQueryKey(workspaceId) });
  const id = saved.id;
  toast.success(t("migration.saved", { name: saved.name }), {
    id: "guest-migration",
    action: {
      label: t("migration.open"),
      onClick: () =>
        void navigate(`${localizedPath(lang, "calculator")}?load=${encodeURIComponent(id)}`),
    },
  });
}

/** The calculation in progress on this device, when it is the migrated one, now belongs to it. */
function linkStoredSession(link: ServerLink, body: SaveBody, lang: Language) {
  const stored = loadSession(lang);
  if (stored && !stored.link && holdsMigratedEntries(stored.draft, body)) {
    saveDraft(stored.draft, link);
  }
}
