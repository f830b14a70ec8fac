import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useContractForm } from "~/components/form/use-contract-form";
import { updateEmbedConfigRequestSchema, type EmbedConfig } from "#contracts/embed.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { failureOf, type ManagerFailure } from "../model/manager";
import { ConfigFormDialog, type ConfigDialogProps } from "./config-form-dialog";
import { DomainInput, listRefusal, useDomainListMessages } from "./domain-input";
import { FailureMessage } from "./failure-message";

// the PATCH's domain list (decision 067): each entry normalised and checked, duplicates refused
const schema = z.object({
  allowedDomains: updateEmbedConfigRequestSchema.shape.allowedDomains.unwrap(),
});

/**
 * Spec §2 "add-domain dialog", §5 "Domain add": the typed domain is normalised and checked
 * (invalid, duplicate) before the configuration's list is saved; Add is disabled while empty.
 */
export function AddDomainDialog({ config, open, onOpenChange }: ConfigDialogProps) {
  const { t } = useTranslation("embed");
  return (
    <ConfigFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("manager.domainDialog.title")}
      description={t("manager.domainDialog.description", { name: config.name })}
      testId="add-domain-dialog"
      form={(onDone) => <AddDomainForm config={config} onDone={onDone} />}
    />
  );
}

function AddDomainForm({ config, onDone }: { config: EmbedConfig; onDone: () => void }) {
  const { t } = useTranslation("embed");
  const { update } = useEmbedConfigMutations();
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  // the form is the request: the saved domains, then the typed one (a server's refusal of
  // `allowedDomains.<its index>` lands on the field)
  const typed = config.allowedDomains.length;
  const field = `allowedDomains.${typed}` as const;
  const form = useContractForm({
    schema,
    defaultValues: { allowedDomains: [...config.allowedDomains, ""] },
    messages: useDomainListMessages(),
    // a refusal is said on Add and put away as the text changes
    reValidateMode: "onSubmit",
  });
  const text = form.watch(field) ?? "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim() === "" || update.isPending) return;
    void form.handleSubmit(
      ({ allowedDomains }) => {
        setFailure(null);
        update.mutate(
          { id: config.id, body: { allowedDomains } },
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
      },
      // the field is the list's only one: a refusal of the list is said there too
      () => form.setFocus(field),
    )(event);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <DomainInput
        label={t("manager.domainDialog.label")}
        error={listRefusal(form.formState.errors.allowedDomains, typed)}
        addLabel={t("manager.domainDialog.submit")}
        showButton={false}
        autoFocus
        {...form.register(field, { onChange: () => form.clearErrors("allowedDomains") })}
      />
      {failure ? <FailureMessage failure={failure} /> : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          {t("manager.domainDialog.cancel")}
        </Button>
        <Button
          type="submit"
          disabled={text.trim() === "" || update.isPending}
          data-testid="add-domain-submit"
        >
          {t("manager.domainDialog.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
