import { useTranslation } from "react-i18next";
import { mailto } from "~/app/site";
import { useStaticPage } from "~/app/static-page";
import { OnDemand, onDemand } from "../ui/on-demand";
import { FeedbackButtonFace, feedbackButtonClasses } from "./feedback-face";

const feedbackDialog = onDemand<object>(() =>
  import("./feedback-dialog").then((m) => m.FeedbackDialog),
);

/**
 * The floating feedback button of every page with the app layout (spec §2), from `xl` up, where
 * the page's side padding has room for it; below that a fixed button would sit over the
 * content (issue 30), so there the footer's "Send feedback" link carries it.
 * A static page (decision 025), which runs no React, writes instead: the footer's link's e-mail.
 */
export function FeedbackButton() {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  // only the prerender writes a static page: the browser's bundle leaves this face out
  if (import.meta.env.SSR && staticPage) {
    return (
      <a href={mailto(t("feedback.subject"))} className={feedbackButtonClasses}>
        <FeedbackButtonFace />
      </a>
    );
  }
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
