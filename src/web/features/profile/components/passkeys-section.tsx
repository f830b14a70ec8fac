import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { passkeyNameSchema, type Passkey } from "#contracts/auth.ts";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { toast } from "~/components/ui/toast";
import {
  deletePasskey,
  listPasskeys,
  passkeyRegisterOptions,
  verifyPasskeyRegistration,
} from "~/features/auth";
import { useErrorMessage } from "~/lib/error-message";
import { formatDayOf } from "~/lib/format";
import { createPasskey, isPasskeyCancel, passkeysSupported } from "~/lib/webauthn";

const passkeysKey = ["passkeys"] as const;
const addSchema = z.object({ name: passkeyNameSchema });

/** Profile → passkeys (decision 071): named, with the day added and last used; removable. */
export function PasskeysSection() {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  const describeError = useErrorMessage();
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: listPasskeys });
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => deletePasskey(passkey.id),
    onSuccess: async () => {
      toast.success(t("security.passkeyRemoved"));
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
    onError: (caught) => setError(describeError(caught)),
  });
  const day = (iso: string) => formatDayOf(iso, language);
  // known only in the browser (the page may be rendered on the server first)
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(passkeysSupported()), []);

  return (
    <Card data-testid="passkeys-section">
      <CardTitle className="flex items-center gap-2">
        <KeyRound className="size-5" aria-hidden />
        {t("security.passkeysTitle")}
      </CardTitle>
      <p className="mt-2 text-sm text-stone-700">{t("security.passkeysIntro")}</p>
      {error && (
        <div className="mt-3">
          <ErrorAlert testId="passkeys-error">{error}</ErrorAlert>
        </div>
      )}
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-stone-200" data-testid="passkey-list">
          {passkeys.data.map((passkey) => (
            <li
              key={passkey.id}
              className="flex items-center justify-between gap-3 py-3"
              data-testid="passkey-item"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">
                  {passkey.name || t("security.passkeyUnnamed")}
                </p>
                <p className="text-sm text-stone-600">
                  {t("security.passkeyAdded", { date: day(passkey.createdAt) })}
                  {" · "}
                  {passkey.lastUsedAt
                    ? t("security.passkeyUsed", { date: day(passkey.lastUsedAt) })
                    : t("security.passkeyNeverUsed")}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t("security.passkeyRemoveNamed", {
                  name: passkey.name || t("security.passkeyUnnamed"),
                })}
                disabled={remove.isPending}
                onClick={() => {
                  setError(null);
                  remove.mutate(passkey);
                }}
                data-testid="passkey-remove"
              >
                <Trash2 className="size-4" aria-hidden />
                {t("security.passkeyRemove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : passkeys.data ? (
        <p className="mt-4 text-sm text-stone-600" data-testid="passkeys-empty">
          {t("security.passkeysNone")}
        </p>
      ) : null}
      {supported === true && <AddPasskey onError={setError} />}
      {supported === false && (
        <p className="mt-4 text-sm text-stone-600">{t("security.passkeysUnsupported")}</p>
      )}
    </Card>
  );
}

function AddPasskey({ onError }: { onError(message: string | null): void }) {
  const { t } = useTranslation("profile");
  const describeError = useErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(addSchema), defaultValues: { name: "" } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    onError(null);
    try {
      const options = await passkeyRegisterOptions();
      const response = await createPasskey(options);
      await verifyPasskeyRegistration(response, name);
      toast.success(t("security.passkeyAddedToast"));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    } catch (caught) {
      if (!isPasskeyCancel(caught)) onError(describeError(caught));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-3" data-testid="passkey-add-form">
      <Field
        label={t("security.passkeyName")}
        hint={t("security.passkeyNameHint")}
        maxLength={100}
        data-testid="passkey-name"
        error={form.formState.errors.name ? t("security.passkeyNameRequired") : undefined}
        {...form.register("name")}
      />
      <SubmitButton
        loading={form.formState.isSubmitting}
        loadingLabel={t("security.working")}
        data-testid="passkey-add"
      >
        {t("security.passkeyAdd")}
      </SubmitButton>
    </form>
  );
}
