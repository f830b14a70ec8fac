import type { EmbedState } from "./state";
import { EmbedCalculator } from "./embed-calculator";
import { RestrictedPage } from "./restricted-page";
import type { CountUsage } from "./usage";

/** The embed page: the calculator, or the restricted page when the server refused it. */
export function EmbedApp({ state, count }: { state: EmbedState; count?: CountUsage }) {
  const { language, currency } = state.settings;
  return state.status === "restricted" ? (
    <RestrictedPage reason={state.reason} lang={language} />
  ) : (
    <EmbedCalculator
      lang={language}
      currency={currency}
      callToAction={state.callToAction}
      count={state.keyed ? count : undefined}
    />
  );
}
