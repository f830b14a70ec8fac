import { Mail, MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SUPPORT_EMAIL, mailto } from "~/app/site";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";

/**
 * The floating feedback button of every page with the app layout (spec §2), from `md` up. On
 * phones and small tablets a fixed button would sit over the content (the calculator's totals,
 * the calendar's Saturday column), so there the footer's "Send feedback" link carries it.
 */
export function FeedbackButton() {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="fixed right-6 bottom-6 z-30 hidden h-12 items-center justify-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white shadow-lg shadow-brand-900/20 transition-colors hover:bg-brand-800 md:inline-flex print:hidden"
        >
          <MessageSquareHeart className="size-5" aria-hidden="true" />
          <span>{t("feedback.button")}</span>
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
