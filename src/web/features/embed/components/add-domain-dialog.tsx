import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import type { EmbedConfig } from "#contracts/embed.ts";
import type { DomainProblem } from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { failureOf, type ManagerFailure } from "../model/manager";
import { ConfigFormDialog, type ConfigDialogProps } from "./config-form-dialog";
import { checkDomain, DomainInput } from "./domain-input";
import { FailureMessage } from "./failure-message";

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
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<DomainProblem | null>(null);
  const [failure, setFailure] = useState<ManagerFailure | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim() === "" || update.isPending) return;
    const check = checkDomain(config.allowedDomains, text);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setFailure(null);
    update.mutate(
      { id: config.id, body: { allowedDomains: [...config.allowedDomains, check.domain] } },
      {
        onSuccess: () => {
          toast.success(t("manager.success.updated"));
          onDone();
        },
        onError: (error) => setFailure(failureOf(error, "updateFailed")),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      <DomainInput
        label={t("manager.domainDialog.label")}
        value={text}
        onChange={(value) => {
          setText(value);
          setProblem(null);
        }}
        problem={problem}
        onAdd={() => {}}
        addLabel={t("manager.domainDialog.submit")}
        showButton={false}
        autoFocus
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
