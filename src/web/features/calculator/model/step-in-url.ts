import { activeSteps, invalidFieldsOf, type Draft, type StepId } from "./draft";

// The calculator's step in its address (`?step=3`, the number the person sees in "Step 3 of
// 6"), so the browser's Back and Forward move between steps and a reload stays on the step.

/** The number a `step` parameter asks for (1 and up); null when absent or not a number. */
export function parseStepParam(param: string | null): number | null {
  if (param === null || !/^\d{1,3}$/.test(param)) return null;
  const number = Number(param);
  return number >= 1 ? number : null;
}

/**
 * The step shown for the number asked for: that step when the person can reach it, else the
 * first one they cannot leave yet (an amount that cannot be read), or the last step there is.
 */
export function reachableStep(draft: Draft, number: number): StepId {
  const steps = activeSteps(draft);
  const wanted = Math.min(number, steps.length) - 1;
  for (let i = 0; i < wanted; i++) {
    if (invalidFieldsOf(draft, steps[i]!).length > 0) return steps[i]!;
  }
  return steps[wanted]!;
}
