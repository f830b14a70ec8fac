import { useEffect, useMemo, useReducer, useState } from "react";
import { useController, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { toast } from "~/components/ui/toast";
import { i18nFor, isLanguageLoaded, loadLanguage } from "~/app/i18n";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useContractForm, type ContractForm } from "~/components/form/use-contract-form";
import { embedCallToActionSchema, type EmbedConfig } from "#contracts/embed.ts";
import {
  callToActionHost,
  embedLanguages,
  type CallToActionUrlProblem,
} from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { callToActionForm } from "../model/call-to-action";
import { failureOf, type ManagerFailure } from "../model/manager";
import { ConfigFormDialog, type ConfigDialogProps } from "./config-form-dialog";
import { FailureMessage } from "./failure-message";
import { TextField } from "./fields";

// Issue 18: a configuration's "pay your zakat here" link, its organisation and button texts.
// The form is the PATCH's `callToAction` (decision 067): checked by the contract's schema, and a
// server's refusal of `callToAction.<field>` lands on that field.
const schema = z.object({ callToAction: embedCallToActionSchema.unwrap() });
type Form = ContractForm<typeof schema>;

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
  const messages = useMemo(() => {
    const url: Record<CallToActionUrlProblem, string> = {
      required: t("manager.cta.errors.required"),
      too_long: t("manager.cta.errors.too_long"),
      invalid_url: t("manager.cta.errors.invalid_url"),
      https_only: t("manager.cta.errors.https_only"),
      credentials: t("manager.cta.errors.credentials"),
      unknown_placeholder: t("manager.cta.errors.unknown_placeholder"),
      placeholder_in_host: t("manager.cta.errors.placeholder_in_host"),
    };
    const label = { too_long: t("manager.cta.errors.label_too_long") };
    return {
      "callToAction.urlTemplate": url,
      "callToAction.organisation": {
        required: t("manager.cta.errors.organisation_required"),
        too_long: t("manager.cta.errors.organisation_too_long"),
      },
      ...Object.fromEntries(embedLanguages.map((lang) => [`callToAction.label.${lang}`, label])),
    };
  }, [t]);
  const form = useContractForm({
    schema,
    defaultValues: { callToAction: callToActionForm(config.callToAction) },
    messages,
    // a refusal is said on Save and put away as its field changes
    reValidateMode: "onSubmit",
  });
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  const [urlTemplate, organisation] = form.watch([
    "callToAction.urlTemplate",
    "callToAction.organisation",
  ]);
  const host = callToActionHost(typeof urlTemplate === "string" ? urlTemplate : "");
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
          if (!form.applyServerError(error)) setFailure(failureOf(error, "updateFailed"));
        },
      },
    );
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    void form.handleSubmit(({ callToAction }) => save({ callToAction }))(event);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <FormTextField
        form={form}
        name="callToAction.urlTemplate"
        label={t("manager.cta.url")}
        placeholder="https://example.org/donate?amount={amount}&currency={currency}"
        hint={host ? t("manager.cta.host", { host }) : t("manager.cta.urlHint")}
        testId="cta-url"
      />
      <FormTextField
        form={form}
        name="callToAction.organisation"
        label={t("manager.cta.organisation")}
        spellCheck
        testId="cta-organisation"
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">{t("manager.cta.labels")}</legend>
        <p className="text-sm text-stone-600">{t("manager.cta.labelsHint")}</p>
        {embedLanguages.map((lang) => (
          <FormTextField
            key={lang}
            form={form}
            name={`callToAction.label.${lang}`}
            label={tc(`languages.${lang}`)}
            lang={lang}
            spellCheck
            placeholder={
              isLanguageLoaded(lang, ["embed"])
                ? // the whole default text in the label's language, the sample name too (issue 30)
                  i18nFor(lang).t("embed:cta.default", {
                    organisation:
                      organisation.trim() ||
                      i18nFor(lang).t("embed:manager.cta.organisationSample"),
                  })
                : undefined
            }
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

/** A text field of the form: its value, its refusal (put away as it changes), its focus. */
function FormTextField({
  form,
  name,
  ...rest
}: { form: Form; name: Path<z.input<typeof schema>> } & Omit<
  React.ComponentProps<typeof TextField>,
  "text" | "onChange" | "error" | "ref"
>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <TextField
      {...rest}
      text={typeof field.value === "string" ? field.value : ""}
      onChange={(text) => {
        field.onChange(text);
        form.clearErrors(name);
      }}
      error={fieldState.error?.message ?? null}
      ref={field.ref}
    />
  );
}
