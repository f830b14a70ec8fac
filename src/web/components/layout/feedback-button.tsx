import { OnDemand, onDemand } from "../ui/on-demand";
import { FeedbackButtonFace, feedbackButtonClasses } from "./feedback-face";

const feedbackDialog = onDemand<object>(() =>
  import("./feedback-dialog").then((m) => m.FeedbackDialog),
);

/**
 * The floating feedback button of every page with the app layout (spec §2), from `md` up. On
 * phones and small tablets a fixed button would sit over the content (the calculator's totals,
 * the calendar's Saturday column), so there the footer's "Send feedback" link carries it.
 */
export function FeedbackButton() {
  return (
    <OnDemand
      module={feedbackDialog}
      props={{}}
      trigger={(intent) => (
        <button type="button" aria-haspopup="dialog" {...intent} className={feedbackButtonClasses}>
          <FeedbackButtonFace />
        </button>
      )}
    />
  );
}
