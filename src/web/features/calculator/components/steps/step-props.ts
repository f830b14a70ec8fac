import type { Language } from "~/app/route-table";
import { type Draft } from "../../model/draft";

export interface StepProps {
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  /** errors of every field are shown (the step was submitted with invalid entries) */
  showErrors: boolean;
}
