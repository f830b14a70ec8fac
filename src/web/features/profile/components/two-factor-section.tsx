import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  twoFactorCodeSchema,
  type DisableTwoFactorRequest,
} from "#contracts/auth.ts";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ErrorAlert, Field, Notice, SubmitButton } from "~/components/ui/form-parts";
import { toast } from "~/components/ui/toast";
import { disableTwoFactor, enableTwoFactor, twoFactorEnabled, verifyTotp } from "~/features/auth";
import { useErrorMessage } from "~/lib/error-message";

const statusKey = ["two-factor-status"] as const;
const confirmSchema = z.object({ code: twoFactorCodeSchema });

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Profile → two-factor sign-in (decision 071): turn on with a QR code, turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation("profile");
  const status = useQuery({ queryKey: statusKey, queryFn: twoFactorEnabled });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const on = status.data === true;
  return (
    <Card data-testid="two-factor-section">
      <CardTitle className="flex items-center gap-2">
        <ShieldCheck className="size-5" aria-hidden />
        {t("security.twoFactorTitle")}
      </CardTitle>
      <p className="mt-2 text-sm text-stone-700" data-testid="two-factor-status">
        {on ? t("security.twoFactorOn") : t("security.twoFactorOff")}
      </p>
      <div className="mt-4">
        {status.isPending ? null : enrolment ? (
          <ConfirmEnrolment enrolment={enrolment} onDone={() => setEnrolment(null)} />
        ) : on ? (
          <TurnOff />
        ) : (
          <TurnOn onStarted={setEnrolment} />
        )}
      </div>
    </Card>
  );
}

function TurnOn({ onStarted }: { onStarted(enrolment: Enrolment): void }) {
  const { t } = useTranslation("profile");
  const describeError = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(enableTwoFactorRequestSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      onStarted(await enableTwoFactor(password));
    } catch (caught) {
      setError(describeError(caught));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" data-testid="two-factor-on-form">
      <p className="text-sm text-stone-700">{t("security.turnOnIntro")}</p>
      {error && <ErrorAlert testId="two-factor-on-error">{error}</ErrorAlert>}
      <Field
        label={t("security.password")}
        type="password"
        autoComplete="current-password"
        data-testid="two-factor-password"
        error={form.formState.errors.password ? t("security.passwordRequired") : undefined}
        {...form.register("password")}
      />
      <SubmitButton
        loading={form.formState.isSubmitting}
        loadingLabel={t("security.working")}
        data-testid="two-factor-start"
      >
        {t("security.turnOn")}
      </SubmitButton>
    </form>
  );
}

function ConfirmEnrolment({ enrolment, onDone }: { enrolment: Enrolment; onDone(): void }) {
  const { t } = useTranslation("profile");
  const describeError = useErrorMessage();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";
  useEffect(() => {
    let live = true;
    // the QR code library comes only with this step
    void import("qrcode")
      .then((qrcode) => qrcode.toDataURL(enrolment.totpURI, { margin: 1, width: 200 }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [enrolment.totpURI]);
  const form = useForm({ resolver: zodResolver(confirmSchema), defaultValues: { code: "" } });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verifyTotp({ code });
      toast.success(t("security.turnedOn"));
      await queryClient.invalidateQueries({ queryKey: statusKey });
      onDone();
    } catch (caught) {
      setError(describeError(caught));
    }
  });
  const download = () => {
    const text = `${t("security.backupFileTitle")}\n\n${enrolment.backupCodes.join("\n")}\n`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "hawl-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="space-y-4" data-testid="two-factor-enrolment">
      <p className="text-sm text-stone-700">{t("security.scanIntro")}</p>
      {qr && (
        <img
          src={qr}
          alt={t("security.qrAlt")}
          width={200}
          height={200}
          data-testid="two-factor-qr"
        />
      )}
      <p className="text-sm text-stone-700">
        {t("security.secretIntro")}{" "}
        <code
          className="break-all rounded bg-stone-100 px-1 font-mono"
          data-testid="two-factor-secret"
        >
          {secret}
        </code>
      </p>
      <Notice tone="info" testId="two-factor-backup-codes">
        <p className="font-medium">{t("security.backupIntro")}</p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button variant="secondary" size="sm" className="mt-3" onClick={download}>
          {t("security.backupDownload")}
        </Button>
      </Notice>
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-3"
        data-testid="two-factor-confirm-form"
      >
        {error && <ErrorAlert testId="two-factor-confirm-error">{error}</ErrorAlert>}
        <Field
          label={t("security.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          data-testid="two-factor-confirm-code"
          error={form.formState.errors.code ? t("security.codeRequired") : undefined}
          {...form.register("code")}
        />
        <SubmitButton
          loading={form.formState.isSubmitting}
          loadingLabel={t("security.working")}
          data-testid="two-factor-confirm"
        >
          {t("security.confirm")}
        </SubmitButton>
      </form>
    </div>
  );
}

function TurnOff() {
  const { t } = useTranslation("profile");
  const describeError = useErrorMessage();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DisableTwoFactorRequest>({
    resolver: zodResolver(disableTwoFactorRequestSchema),
    defaultValues: { password: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await disableTwoFactor(values);
      toast.success(t("security.turnedOff"));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: statusKey });
    } catch (caught) {
      setError(describeError(caught));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" data-testid="two-factor-off-form">
      <p className="text-sm text-stone-700">{t("security.turnOffIntro")}</p>
      {error && <ErrorAlert testId="two-factor-off-error">{error}</ErrorAlert>}
      <Field
        label={t("security.password")}
        type="password"
        autoComplete="current-password"
        data-testid="two-factor-off-password"
        error={errors.password ? t("security.passwordRequired") : undefined}
        {...form.register("password")}
      />
      <Field
        label={t("security.codeOrBackup")}
        autoComplete="one-time-code"
        data-testid="two-factor-off-code"
        error={errors.code ? t("security.codeRequired") : undefined}
        {...form.register("code")}
      />
      <SubmitButton
        variant="secondary"
        loading={isSubmitting}
        loadingLabel={t("security.working")}
        data-testid="two-factor-off"
      >
        {t("security.turnOff")}
      </SubmitButton>
    </form>
  );
}
