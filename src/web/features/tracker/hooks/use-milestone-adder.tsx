import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CreateMilestoneRequest, ZakatData } from "../../../../contracts/zakat";
import { useLanguage } from "~/app/language";
import type { TrackerMutations } from "../api/use-tracker";
import { CongratulationsDialog } from "../components/congratulations-dialog";
import { ReviewSetupDialog } from "../components/review-setup-dialog";

export interface NewMilestoneInput {
  date: string;
  title: string;
  type: CreateMilestoneRequest["type"];
}

/**
 * Adding a milestone, as the threshold card, the add-milestone dialog and the dashboard do it:
 * - a threshold first opens the review-schedule setup, and is sent with the reviews chosen;
 * - anything else is sent at once (rule violations reject with the ApiError);
 * - the first milestone of the workspace opens the congratulations dialog (spec §4).
 * Render `dialogs` once where the hook is used.
 */
export function useMilestoneAdder(
  data: ZakatData | undefined,
  addMilestone: TrackerMutations["addMilestone"],
) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const [threshold, setThreshold] = useState<{ date: string; title: string } | null>(null);
  const [congratulate, setCongratulate] = useState<{ start: string | null } | null>(null);

  async function send(body: CreateMilestoneRequest) {
    const first = (data?.milestones.length ?? 0) === 0;
    const change = await addMilestone.mutateAsync(body);
    toast.success(t("toasts.milestoneAdded"));
    if (first) setCongratulate({ start: change.zakatYearStart });
  }

  /** Resolves when the milestone is added, or when the review setup is open for a threshold. */
  async function add(input: NewMilestoneInput): Promise<void> {
    if (input.type === "threshold") {
      setThreshold({ date: input.date, title: input.title });
      return;
    }
    await send({ date: input.date, title: input.title, type: input.type });
  }

  const dialogs = (
    <>
      <ReviewSetupDialog
        threshold={threshold}
        onClose={() => setThreshold(null)}
        onSubmit={async (reminders) => {
          if (!threshold) return;
          await send({ ...threshold, type: "threshold", reminders, language: lang });
          setThreshold(null);
        }}
      />
      <CongratulationsDialog
        open={congratulate !== null}
        zakatYearStart={congratulate?.start ?? null}
        basis={data?.settings.yearBasis ?? "hijri"}
        onClose={() => setCongratulate(null)}
      />
    </>
  );

  return { add, dialogs };
}
