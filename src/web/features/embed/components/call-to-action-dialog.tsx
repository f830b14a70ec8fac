import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { i18nFor } from "~/app/i18n";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DialogFooter } from "~/components/ui/dialog";
import type { EmbedConfig } from "../../../../contracts/embed";
import { callToActionHost, embedLanguages } from "../../../../domain/embed";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import {
  callToActionErrorsOf,
  callToActionForm,
  checkCallToActionForm,
  type CallToActionErrors,
} from "../model/call-to-action";
import { failureOf, type ManagerFailure } from "../model/manager";
import { ConfigFormDialog } from "./config-form-dialog";
import { FailureMessage } from "./failure-message";

// Issue 18: a configuration's "pay your zakat here" link, its organisation and button texts.

const inputClasses =
  "block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export function CallToActionDialog({
  config,
  open,
  onOpenChange,
}: {
  config: EmbedConfig;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("embed");
  return (
    <ConfigFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("manager.cta.dialogTitle")}
      description={t("manager.cta.dialogDescription", { name: config.name })}
      testId="cta-dialog"
      form={(onDone) => <CallToActionForm config={config} onDone={onDone} />}
    />
  );
}

function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  placeholder,
  lang,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  testId: string;
  placeholder?: string;
  lang?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        lang={lang}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={cn(inputClasses, error ? "border-red-600" : "border-stone-300")}
        data-testid={testId}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CallToActionForm({ config, onDone }: { config: EmbedConfig; onDone: () => void }) {
  const { t } = useTranslation("embed");
  const { t: tc } = useTranslation();
  const { update } = useEmbedConfigMutations();
  const [form, setForm] = useState(() => callToActionForm(config.callToAction));
  const [errors, setErrors] = useState<CallToActionErrors>({});
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  const host = callToActionHost(form.urlTemplate);

  const save = (body: Parameters<typeof update.mutate>[0]["body"]) => {
    setFailure(null);
    update.mutate(
      { id: config.id, body },
      {
        onSuccess: () => {
          toast.success(t("manager.success.updated"));
          onDone();
        },
        onError: (error) => {
          const fields = callToActionErrorsOf(error);
          if (fields) setErrors(fields);
          else setFailure(failureOf(error, "updateFailed"));
        },
      },
    );
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const check = checkCallToActionForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    save({ callToAction: check.body });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <TextInput
        label={t("manager.cta.url")}
        value={form.urlTemplate}
        onChange={(urlTemplate) => {
          setForm((f) => ({ ...f, urlTemplate }));
          setErrors((e) => ({ ...e, urlTemplate: undefined }));
        }}
        placeholder="https://example.org/donate?amount={amount}&currency={currency}"
        hint={host ? t("manager.cta.host", { host }) : t("manager.cta.urlHint")}
        error={errors.urlTemplate ? t(`manager.cta.errors.${errors.urlTemplate}`) : null}
        testId="cta-url"
      />
      <TextInput
        label={t("manager.cta.organisation")}
        value={form.organisation}
        onChange={(organisation) => {
          setForm((f) => ({ ...f, organisation }));
          setErrors((e) => ({ ...e, organisation: undefined }));
        }}
        error={
          errors.organisation ? t(`manager.cta.errors.organisation_${errors.organisation}`) : null
        }
        testId="cta-organisation"
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">{t("manager.cta.labels")}</legend>
        <p className="text-sm text-stone-600">{t("manager.cta.labelsHint")}</p>
        {embedLanguages.map((lang) => (
          <TextInput
            key={lang}
            label={tc(`languages.${lang}`)}
            lang={lang}
            value={form.label[lang]}
            placeholder={i18nFor(lang).t("embed:cta.default", {
              organisation: form.organisation.trim() || t("manager.cta.organisationSample"),
            })}
            onChange={(text) => {
              setForm((f) => ({ ...f, label: { ...f.label, [lang]: text } }));
              setErrors((e) => ({ ...e, label: { ...e.label, [lang]: undefined } }));
            }}
            error={errors.label?.[lang] ? t("manager.cta.errors.label_too_long") : null}
            testId={`cta-label-${lang}`}
          />
        ))}
      </fieldset>
      {failure ? <FailureMessage failure={failure} /> : null}
      <DialogFooter>
        {config.callToAction ? (
          <Button
            variant="ghost"
            onClick={() => save({ callToAction: null })}
            disabled={update.isPending}
            className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:mr-auto"
            data-testid="cta-remove"
          >
            {t("manager.cta.remove")}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          {t("manager.domainDialog.cancel")}
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="cta-save">
          {t("manager.cta.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
