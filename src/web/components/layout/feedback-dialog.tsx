import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL, mailto } from "~/app/site";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { FeedbackButtonFace, feedbackButtonClasses } from "./feedback-face";

/** The feedback dialog (Radix), loaded when the button is first used (feedback-button.tsx). */
export function FeedbackDialog({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>
        <button type="button" className={feedbackButtonClasses}>
          <FeedbackButtonFace />
        </button>
      </DialogTrigger>
      <DialogContent
        title={t("feedback.title")}
        description={t("feedback.description")}
        closeLabel={t("feedback.close")}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t("feedback.close")}</Button>
          </DialogClose>
          <Button asChild>
            <a href={mailto(t("feedback.subject"))}>
              <Mail aria-hidden="true" />
              {t("feedback.emailCta", { email: SUPPORT_EMAIL })}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
