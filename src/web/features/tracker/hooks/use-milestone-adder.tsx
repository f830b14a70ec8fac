import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { CreateMilestoneRequest, ZakatData } from "#contracts/zakat.ts";
import { checkMilestone } from "#domain/hawl/index.ts";
import { useLanguage } from "~/app/language";
import { ApiError } from "~/lib/api-client";
import type { TrackerMutations } from "../api/use-tracker";
import { CongratulationsDialog, ReviewSetupDialog } from "../components/dialogs-on-demand";
import { useToday } from "../lib/dates";

export interface NewMilestoneInput {
  date: string;
  title: string;
  type: CreateMilestoneRequest["type"];
  /** the threshold card's generated title, shown in each reader's language */
  titleCode?: CreateMilestoneRequest["titleCode"];
}

export interface AddOptions {
  /** called once the milestone is added (for a threshold: after the review setup) */
  onAdded?: () => void;
}

/**
 * Adding a milestone, as the threshold card, the add-milestone dialog and the dashboard do it:
 * - the spec's rules are checked first on the timeline at hand (a threshold on a day that has
 *   one, a threshold after today…): the error comes before any dialog, as the server would say it;
 * - a threshold then opens the review-schedule setup, and is sent with the reviews chosen;
 * - anything else is sent at once (rule violations reject with the ApiError);
 * - every request carries the person's today (the server refuses a threshold after it);
 * - the first milestone of the workspace opens the congratulations dialog (spec §4).
 * Render `dialogs` once where the hook is used.
 */
export function useMilestoneAdder(
  data: ZakatData | undefined,
  addMilestone: TrackerMutations["addMilestone"],
) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const today = useToday();
  const [threshold, setThreshold] = useState<(NewMilestoneInput & AddOptions) | null>(null);
  const [congratulate, setCongratulate] = useState<{ start: string | null } | null>(null);

  async function send(body: CreateMilestoneRequest) {
    const first = (data?.milestones.length ?? 0) === 0;
    const change = await addMilestone.mutateAsync({ ...body, today });
    toast.success(t("toasts.milestoneAdded"));
    if (first) setCongratulate({ start: change.zakatYearStart });
  }

  /** Resolves when the milestone is added, or when the review setup is open for a threshold. */
  async function add(input: NewMilestoneInput, options: AddOptions = {}): Promise<void> {
    const problem = checkMilestone(data?.milestones ?? [], input, today);
    if (problem) {
      const fields = problem.date ? { ruleDate: problem.date } : undefined;
      throw new ApiError(409, problem.code, problem.message, fields);
    }
    if (input.type === "threshold") {
      setThreshold({ ...input, ...options });
      return;
    }
    await send({
      date: input.date,
      title: input.title,
      type: input.type,
      titleCode: input.titleCode,
    });
    options.onAdded?.();
  }

  const dialogs = (
    <>
      <ReviewSetupDialog
        threshold={threshold}
        onClose={() => setThreshold(null)}
        onSubmit={async (reminders) => {
          if (!threshold) return;
          const { onAdded, ...input } = threshold;
          await send({ ...input, type: "threshold", reminders, language: lang });
          setThreshold(null);
          onAdded?.();
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
