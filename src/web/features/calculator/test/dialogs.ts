import { prefetchOnDemand } from "~/components/ui/on-demand";
import { calculatorDialogModules } from "../components/dialogs-on-demand";

/**
 * The calculator's dialogs load on first use (dialogs-on-demand.tsx); tests that open them with
 * a synchronous click load them first. dialogs-on-demand.test.tsx covers the first use itself.
 */
export async function loadCalculatorDialogs(): Promise<void> {
  await Promise.all(calculatorDialogModules.map((module) => prefetchOnDemand(module)));
}
