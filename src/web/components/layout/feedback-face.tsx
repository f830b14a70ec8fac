import { MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";

// The feedback button's look, shared by its stand-in and the dialog's trigger: a tab on the
// right edge, written top to bottom, from `xl` up, where it fits in the page's side padding
// (32 px) and so covers nothing; below that the footer's "Send feedback" link carries it.

export const feedbackButtonClasses =
  "fixed top-1/2 inset-e-0 z-30 hidden w-7 -translate-y-1/2 items-center justify-center gap-2 rounded-s-lg bg-brand-700 py-3 text-sm font-semibold text-white shadow-lg shadow-brand-900/20 transition-colors [writing-mode:vertical-rl] hover:bg-brand-800 xl:inline-flex print:hidden";

export function FeedbackButtonFace() {
  const { t } = useTranslation();
  return (
    <>
      <MessageSquareHeart className="size-4 rotate-90" aria-hidden="true" />
      <span>{t("feedback.button")}</span>
    </>
  );
}
