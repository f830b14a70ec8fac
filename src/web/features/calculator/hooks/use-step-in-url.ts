import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { currentStep } from "../components/calculator-wizard";
import type { Draft, StepId } from "../model/draft";
import { parseStepParam, reachableStep } from "../model/step-in-url";

/**
 * The calculator's step kept in the address (`?step=N`, model/step-in-url.ts). A step the
 * person moves to is a new history entry, so Back and Forward walk the steps; the address
 * moved by the browser moves the draft (clamped to a step that can be reached), and the draft
 * moved otherwise (restored, opened, started over) rewrites the address in place.
 */
export function useStepInUrl(options: {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  /** the stored draft is read and no saved calculation is being opened */
  ready: boolean;
  /** the address moved the step (Back, Forward): the previous step's errors go */
  onMoved: () => void;
}): (target: StepId) => void {
  const { draft, update, ready, onMoved } = options;
  const [params, setParams] = useSearchParams();
  const param = params.get("step");
  /** the parameter the draft last followed */
  const followed = useRef<string | null>(null);
  const { steps, index } = currentStep(draft);
  const shown = steps[index]!;

  useEffect(() => {
    if (!ready) return;
    if (param !== followed.current) {
      followed.current = param;
      const wanted = parseStepParam(param);
      if (wanted !== null) {
        const target = reachableStep(draft, wanted);
        if (target !== shown) {
          onMoved();
          update((d) => ({ ...d, step: target }));
          // the next run writes the clamped number, if it was one
          return;
        }
      }
    }
    const number = String(index + 1);
    if (param !== number) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("step", number);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [ready, param, draft, shown, index, update, setParams, onMoved]);

  /** Next and Back: a new entry in the browser's history */
  return useCallback(
    (target: StepId) => {
      const number = currentStep({ ...draft, step: target }).index + 1;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("step", String(number));
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [draft, setParams],
  );
}
