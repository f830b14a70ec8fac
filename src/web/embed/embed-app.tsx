import type { EmbedState } from "./state";
import { EmbedCalculator } from "./embed-calculator";
import { RestrictedPage } from "./restricted-page";

/** The embed page: the calculator, or the restricted page when the server refused it. */
export function EmbedApp({ state }: { state: EmbedState }) {
  const { language, currency } = state.settings;
  return state.status === "restricted" ? (
    <RestrictedPage reason={state.reason} domain={state.domain} lang={language} />
  ) : (
    <EmbedCalculator lang={language} currency={currency} />
  );
}
