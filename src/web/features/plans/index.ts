// What other features use of the plans feature: the note said where a plan limit stops an action.
export { PlanBlockNote } from "./plan-block-note";
export { usePlanBlock, type PlanBlock } from "./use-plan-block";
