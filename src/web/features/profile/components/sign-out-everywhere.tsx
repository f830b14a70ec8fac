import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { localizedPath } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "~/components/ui/dialog";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import { toast } from "~/components/ui/toast";
import { signOutEverywhereRequest } from "~/features/auth";
import { useSession } from "~/lib/use-session";

/**
 * Profile → "Sign out everywhere" (decision 046): after a confirmation, every session of the
 * account ends, with the calendar feed URLs it made, its pending invitations and reset links.
 */
export function SignOutEverywhereSection() {
  const { t } = useTranslation("profile");
  const { signOut } = useSession();
  const language = useLanguage();
  const [open, setOpen] = useState(false);

  const end = useMutation({
    mutationFn: signOutEverywhereRequest,
    onSuccess: async () => {
      setOpen(false);
      toast.success(t("everywhere.done"), { id: "signed-out-everywhere" });
      // the server ended this session too: this clears the browser's state and goes home
      try {
        await signOut();
      } catch {
        window.location.assign(localizedPath(language, ""));
      }
    },
  });

  function onOpenChange(next: boolean) {
    if (end.isPending) return;
    setOpen(next);
    if (!next) end.reset();
  }

  return (
    <Card className="mt-6">
      <section aria-labelledby="profile-everywhere" data-testid="profile-sign-out-everywhere">
        <CardTitle as="h2" id="profile-everywhere">
          {t("everywhere.title")}
        </CardTitle>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t("everywhere.intro")}</p>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="secondary" className="mt-4" data-testid="sign-out-everywhere">
              <LogOut aria-hidden />
              {t("everywhere.button")}
            </Button>
          </DialogTrigger>
          <DialogContent
            title={t("everywhere.dialogTitle")}
            description={t("everywhere.dialogDescription")}
            closeLabel={t("data.cancel")}
            data-testid="sign-out-everywhere-dialog"
          >
            <form
              noValidate
              className="mt-4 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                end.mutate();
              }}
            >
              {end.isError && (
                <ErrorAlert testId="sign-out-everywhere-error">{t("everywhere.error")}</ErrorAlert>
              )}
              <DialogFooter>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={end.isPending}
                  onClick={() => onOpenChange(false)}
                >
                  {t("data.cancel")}
                </Button>
                <SubmitButton
                  loading={end.isPending}
                  loadingLabel={t("everywhere.ending")}
                  data-testid="sign-out-everywhere-confirm"
                >
                  {t("everywhere.confirm")}
                </SubmitButton>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </section>
    </Card>
  );
}
