import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { deleteAccountRequestSchema, exportCsvTables } from "#contracts/me.ts";
import { useLanguage } from "~/app/language";
import { localizedPath } from "~/app/route-table";
import { buttonClasses, Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "~/components/ui/dialog";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { useSession } from "~/lib/use-session";
import { useBillingPortal } from "~/features/billing";
import { ApiError } from "~/lib/api-client";
import { exportCsvUrl, exportJsonUrl } from "../api/export-urls";
import { deleteAccount } from "../api/me-api";

/** Profile → "Download my data" and the danger zone "Delete my account" (issue 10, GDPR). */
export function AccountDataSection() {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <section aria-labelledby="profile-data" data-testid="profile-data">
          <CardTitle as="h2" id="profile-data">
            {t("data.title")}
          </CardTitle>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t("data.intro")}</p>
          <a
            href={exportJsonUrl}
            download
            className={buttonClasses({ variant: "secondary", className: "mt-4" })}
            data-testid="profile-export-json"
          >
            <Download aria-hidden />
            {t("data.downloadJson")}
          </a>
          <p className="mt-5 text-sm font-semibold text-stone-700" id="profile-data-csv">
            {t("data.csvTitle")}
          </p>
          <ul
            className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2"
            aria-labelledby="profile-data-csv"
          >
            {exportCsvTables.map((table) => (
              <li key={table}>
                <a
                  href={exportCsvUrl(table, language)}
                  download
                  className={buttonClasses({ variant: "link" })}
                  data-testid={`profile-export-csv-${table}`}
                >
                  {t("data.csvLink", { table: t(`data.tables.${table}`) })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </Card>
      <Card className="border-red-200">
        <section aria-labelledby="profile-danger" data-testid="profile-danger-zone">
          <CardTitle as="h2" id="profile-danger" className="text-red-800">
            {t("data.dangerTitle")}
          </CardTitle>
          <p className="mt-2 text-sm leading-6 text-stone-600">{t("data.dangerIntro")}</p>
          <DeleteAccountDialog />
        </section>
      </Card>
    </div>
  );
}

function DeleteAccountDialog() {
  const { t } = useTranslation("profile");
  const { t: te } = useTranslation("errors");
  const { signOut } = useSession();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  // DELETE /api/me's body (decision 067); a wrong password is said on the field
  const messages = useMemo(() => ({ password: { required: t("data.passwordRequired") } }), [t]);
  const codes = useMemo(
    () => ({
      PASSWORD_INCORRECT: { field: "password" as const, message: te("PASSWORD_INCORRECT") },
    }),
    [te],
  );
  const form = useContractForm({
    schema: deleteAccountRequestSchema,
    defaultValues: { password: "" },
    messages,
    codes,
    // a refusal stays until the next attempt, as the password is typed again
    reValidateMode: "onSubmit",
  });
  const [error, setError] = useState<string | null>(null);
  // 503: the subscription could not be cancelled, so nothing was deleted (decision 048)
  const [billingBlocked, setBillingBlocked] = useState(false);

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      setOpen(false);
      toast.success(t("data.deleted"), { id: "account-deleted" });
      // the server ended the session already: this clears the browser's state and goes home,
      // quietly (one toast says what happened, issue 30)
      try {
        await signOut({ quiet: true });
      } catch {
        window.location.assign(localizedPath(language, ""));
      }
    },
    onError: (cause) => {
      if (form.applyServerError(cause)) return;
      if (cause instanceof ApiError && cause.code === "UNAVAILABLE") {
        setBillingBlocked(true);
      } else if (cause instanceof ApiError && cause.code === "RATE_LIMITED") {
        setError(te("RATE_LIMITED"));
      } else {
        setError(t("data.deleteError"));
      }
    },
  });

  function onOpenChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset();
      setError(null);
      setBillingBlocked(false);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    setError(null);
    setBillingBlocked(false);
    void form.handleSubmit(({ password }) => remove.mutate(password))(event);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="danger"
          className="mt-4 border border-red-300 shadow-sm hover:border-red-400"
          data-testid="profile-delete-account"
        >
          <Trash2 aria-hidden />
          {t("data.deleteButton")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t("data.dialogTitle")}
        description={t("data.dialogDescription")}
        closeLabel={t("data.cancel")}
        data-testid="delete-account-dialog"
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          {error && <ErrorAlert testId="delete-account-error">{error}</ErrorAlert>}
          {billingBlocked && <BillingBlocked />}
          <Field
            id="delete-account-password"
            data-testid="delete-account-password"
            label={t("data.passwordLabel")}
            type="password"
            autoComplete="current-password"
            error={form.fieldError("password")}
            {...form.register("password")}
          />
          <DialogFooter>
            <Button
              type="button"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => onOpenChange(false)}
            >
              {t("data.cancel")}
            </Button>
            <SubmitButton
              loading={remove.isPending}
              loadingLabel={t("data.deleting")}
              className="bg-red-700 hover:bg-red-800 active:bg-red-900"
              data-testid="delete-account-confirm"
            >
              {t("data.confirm")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deletion refused because the subscription could not be cancelled: the portal does it. */
function BillingBlocked() {
  const { t } = useTranslation("profile");
  const { portal, open } = useBillingPortal();
  return (
    <ErrorAlert testId="delete-account-billing">
      <p>{t("data.deleteBillingUnavailable")}</p>
      <Button
        type="button"
        variant="link"
        className="mt-1"
        disabled={portal === "opening"}
        onClick={() => void open()}
        data-testid="delete-account-portal"
      >
        {t("data.deleteBillingPortal")}
      </Button>
      {portal === "failed" ? <p>{t("billing.billingFailed")}</p> : null}
    </ErrorAlert>
  );
}
