import { PartyPopper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { zakatYearEnd, type TrackerYearBasis } from "#domain/hawl/index.ts";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { formatDayLong, formatHijriDay } from "../lib/dates";

/**
 * Spec §4: the first milestone added opens this dialog. With a zakat year started, it says when
 * the year started and when zakat falls due (one year later on the basis in force).
 */
export function CongratulationsDialog({
  open,
  zakatYearStart,
  basis,
  onClose,
}: {
  open: boolean;
  zakatYearStart: string | null;
  basis: TrackerYearBasis;
  onClose: () => void;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const end = zakatYearStart ? zakatYearEnd(zakatYearStart, basis) : null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={
          <span className="flex items-center gap-2">
            <PartyPopper aria-hidden="true" className="size-5 text-gold-600" />
            {t("congratulations.title")}
          </span>
        }
        description={
          zakatYearStart
            ? t("congratulations.text", { date: formatDayLong(zakatYearStart, lang) })
            : t("congratulations.plain")
        }
        closeLabel={t("dialog.close")}
        data-testid="congratulations-dialog"
      >
        {end && (
          <p className="mt-3 text-sm leading-6 text-stone-700" data-testid="congratulations-due">
            {t("congratulations.due", {
              date: formatDayLong(end, lang),
              hijri: formatHijriDay(end, lang),
            })}
          </p>
        )}
        <DialogFooter>
          <LocalizedLink
            to="/calendar"
            className={buttonClasses({ variant: "secondary" })}
            onClick={onClose}
          >
            {t("congratulations.calendar")}
          </LocalizedLink>
          <DialogClose asChild>
            <Button data-testid="congratulations-close">{t("congratulations.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
