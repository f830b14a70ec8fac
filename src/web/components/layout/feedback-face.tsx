import { MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";

// The feedback button's look, shared by its stand-in and the dialog's trigger.

export const feedbackButtonClasses =
  "fixed right-6 bottom-6 z-30 hidden h-12 items-center justify-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg shadow-brand-900/20 transition-colors hover:bg-brand-800 md:inline-flex print:hidden";

export function FeedbackButtonFace() {
  const { t } = useTranslation();
  return (
    <>
      <MessageSquareHeart className="size-5" aria-hidden="true" />
      <span>{t("feedback.button")}</span>
    </>
  );
}
