import { useEffect, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { i18nFor, isLanguageLoaded, loadLanguage } from "~/app/i18n";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import type { EmbedConfig } from "#contracts/embed.ts";
import { callToActionHost, embedLanguages } from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import {
  callToActionErrorsOf,
  callToActionForm,
  checkCallToActionForm,
  type CallToActionErrors,
} from "../model/call-to-action";
import { failureOf, type ManagerFailure } from "../model/manager";
import { ConfigFormDialog, type ConfigDialogProps } from "./config-form-dialog";
import { FailureMessage } from "./failure-message";
import { TextField } from "./fields";

// Issue 18: a configuration's "pay your zakat here" link, its organisation and button texts.

export function CallToActionDialog({ config, open, onOpenChange }: ConfigDialogProps) {
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

function CallToActionForm({ config, onDone }: { config: EmbedConfig; onDone: () => void }) {
  const { t } = useTranslation("embed");
  const { t: tc } = useTranslation();
  const { update } = useEmbedConfigMutations();
  const [form, setForm] = useState(() => callToActionForm(config.callToAction));
  const [errors, setErrors] = useState<CallToActionErrors>({});
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  const host = callToActionHost(form.urlTemplate);
  // each label's placeholder speaks its language: those catalogs load with the form
  const [, catalogsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    void Promise.all(embedLanguages.map((lang) => loadLanguage(lang, ["embed"]))).then(
      catalogsArrived,
    );
  }, []);

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
      <TextField
        label={t("manager.cta.url")}
        text={form.urlTemplate}
        onChange={(urlTemplate) => {
          setForm((f) => ({ ...f, urlTemplate }));
          setErrors((e) => ({ ...e, urlTemplate: undefined }));
        }}
        placeholder="https://example.org/donate?amount={amount}&currency={currency}"
        hint={host ? t("manager.cta.host", { host }) : t("manager.cta.urlHint")}
        error={errors.urlTemplate ? t(`manager.cta.errors.${errors.urlTemplate}`) : null}
        testId="cta-url"
      />
      <TextField
        label={t("manager.cta.organisation")}
        text={form.organisation}
        spellCheck
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
          <TextField
            key={lang}
            label={tc(`languages.${lang}`)}
            lang={lang}
            text={form.label[lang]}
            spellCheck
            placeholder={
              isLanguageLoaded(lang, ["embed"])
                ? // the whole default text in the label's language, the sample name too (issue 30)
                  i18nFor(lang).t("embed:cta.default", {
                    organisation:
                      form.organisation.trim() ||
                      i18nFor(lang).t("embed:manager.cta.organisationSample"),
                  })
                : undefined
            }
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
            variant="danger"
            onClick={() => save({ callToAction: null })}
            disabled={update.isPending}
            className="sm:me-auto"
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
