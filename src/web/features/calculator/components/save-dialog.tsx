import { Save } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useSession } from "~/features/auth/hooks/use-session";

/**
 * Save: guests are told an account is needed (with a link to sign up); signed-in users that
 * saving to the account arrives soon. Nothing is pretended: the entries stay on this device.
 */
export function SaveButton() {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const { status } = useSession();
  const [open, setOpen] = useState(false);
  const signedIn = status === "signed-in";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="save-calculation">
          <Save aria-hidden="true" />
          {t("save.button")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={signedIn ? t("save.soonTitle") : t("save.accountTitle")}
        description={signedIn ? t("save.soonText") : t("save.accountText")}
        closeLabel={tc("actions.close")}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t("save.later")}</Button>
          </DialogClose>
          {signedIn ? null : (
            <LocalizedLink to="/signup" className={buttonClasses()}>
              {t("save.signUp")}
            </LocalizedLink>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
