import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { MilestoneChange, MilestoneDto, ZakatData } from "#contracts/zakat.ts";
import { useErrorMessageLater } from "~/lib/error-message";
import {
  removeMilestone,
  restoreMilestones,
  withMilestoneChange,
  zakatDataQueryKey,
} from "../api/tracker-api";

/** How many milestones go with `m` when it is removed: a threshold's reviews and threshold-down. */
export function linkedCount(
  milestones: readonly Pick<MilestoneDto, "id" | "parentCode">[],
  m: Pick<MilestoneDto, "id" | "type" | "code">,
): number {
  if (m.type !== "threshold" || m.code === null) return 0;
  return milestones.filter((other) => other.id !== m.id && other.parentCode === m.code).length;
}

/**
 * Removing a milestone wherever the tracker's timeline is shown (/nisab, the dashboard, the
 * calendar), after the caller's confirmation. The toast says how many linked milestones went
 * with it and offers Undo: the removed rows, as the cache held them, go back in one request
 * (POST …/milestones/restore, one transaction, under new ids the answer gives). `remove`
 * rejects when the removal fails (the toast says so).
 */
export function useMilestoneRemover(workspaceId: string) {
  const { t } = useTranslation("tracker");
  const message = useErrorMessageLater();
  const queryClient = useQueryClient();
  const key = zakatDataQueryKey(workspaceId);
  const apply = (change: MilestoneChange) => {
    queryClient.setQueryData<ZakatData>(key, (data) =>
      data ? withMilestoneChange(data, change) : data,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const removal = useMutation({
    mutationFn: (id: string) => removeMilestone(workspaceId, id),
    onSuccess: apply,
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  async function undo(taken: MilestoneDto[]) {
    try {
      apply(await restoreMilestones(workspaceId, taken));
      toast.success(t("toasts.restored", { count: taken.length }));
    } catch (error) {
      console.error("Failed to restore milestones", error);
      void queryClient.invalidateQueries({ queryKey: key });
      toast.error(await message(error, t("toasts.restoreFailed")));
    }
  }

  async function remove(milestone: Pick<MilestoneDto, "id">): Promise<void> {
    const before = queryClient.getQueryData<ZakatData>(key)?.milestones ?? [];
    let change: MilestoneChange;
    try {
      change = await removal.mutateAsync(milestone.id);
    } catch (error) {
      console.error("Failed to remove milestone", error);
      toast.error(t("toasts.removeFailed"));
      throw error;
    }
    const taken = before.filter((m) => change.changed.includes(m.id));
    const linked = Math.max(0, change.changed.length - 1);
    toast.success(
      linked === 0
        ? t("toasts.milestoneRemoved")
        : t("toasts.removedWithLinked", { count: linked }),
      taken.length === 0
        ? undefined
        : {
            duration: 10_000,
            action: { label: t("toasts.undo"), onClick: () => void undo(taken) },
          },
    );
  }

  return {
    remove,
    /** the milestone being removed, else null */
    removingId: removal.isPending ? (removal.variables ?? null) : null,
  };
}
