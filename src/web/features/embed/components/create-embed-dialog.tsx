import { X } from "lucide-react";
import { useMemo, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { Field } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { createEmbedConfigRequestSchema, type EmbedConfig } from "#contracts/embed.ts";
import { parseHexColor, type EmbedCurrency, type EmbedLanguage } from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { generatorDefaults } from "../model/embed-code";
import { configOptionsOf, failureOf, type ManagerFailure, type OpenOr } from "../model/manager";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { useEmbedConfigs } from "../api/use-embed-configs";
import {
  checkDomain,
  DomainInput,
  listRefusal,
  useDomainListMessages,
  type DomainFieldProblem,
} from "./domain-input";
import { FailureMessage } from "./failure-message";
import { ColourField, OpenSettingSelect } from "./fields";

// the request's name and domain list (decision 067); the display settings are not checked by
// the form: a colour that is not one falls back to the default, as the generator's does
const schema = createEmbedConfigRequestSchema.pick({ name: true, allowedDomains: true });

/**
 * Spec §2/§5 "Embed create": a name (required, trimmed) and at least one domain, added one by
 * one with the domain rules; the display settings the key's embed uses, in view (issue 11):
 * language and currency fixed, or left to the embed's address (the default: `lang=` and
 * `currency=` then choose, else English and euro), and the colours.
 */
export function CreateEmbedDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (config: EmbedConfig) => void;
}) {
  const { t } = useTranslation("embed");
  const { t: tc } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("manager.createDialog.title")}
        description={t("manager.createDialog.description")}
        closeLabel={tc("actions.close")}
        className="max-w-lg"
        data-testid="create-embed-dialog"
      >
        {/* a fresh form each time the dialog opens */}
        {open ? (
          <CreateEmbedForm
            onDone={(config) => {
              onOpenChange(false);
              onCreated?.(config);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateEmbedForm({
  onDone,
  onCancel,
}: {
  onDone: (config: EmbedConfig) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("embed");
  const lang = useLanguage();
  const defaults = generatorDefaults(lang);
  const { create } = useEmbedConfigMutations();
  const [domainText, setDomainText] = useState("");
  const [domainProblem, setDomainProblem] = useState<DomainFieldProblem | null>(null);
  // the plan's domains all in use: only the account's own domains may be added (issue 30)
  const block = usePlanBlock("embedDomains", { reason: () => t("manager.errors.planLimit") });
  const configs = useEmbedConfigs();
  const ownDomains = new Set((configs.data ?? []).flatMap((c) => c.allowedDomains));
  const [display, setDisplay] = useState<{
    language: OpenOr<EmbedLanguage>;
    currency: OpenOr<EmbedCurrency>;
    primaryColor: string;
    accentColor: string;
  }>({ ...defaults, language: "open", currency: "open" });
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  const listMessages = useDomainListMessages();
  const messages = useMemo(
    () => ({ ...listMessages, name: { nameRequired: t("manager.errors.nameRequired") } }),
    [listMessages, t],
  );
  const form = useContractForm({
    schema,
    defaultValues: { name: "", allowedDomains: [] },
    messages,
    // refusals are said on submit and put away by the change that answers them
    reValidateMode: "onSubmit",
  });
  // registered first, so a refused name has the focus before a refused list
  const nameField = form.register("name", {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (event.target.value.trim()) form.clearErrors("name");
    },
  });
  // the list is the chips; its refusal takes the domain field's focus, where domains are added
  const { field: list } = useController({ control: form.control, name: "allowedDomains" });
  const domains = list.value;
  const listError = listRefusal(form.formState.errors.allowedDomains);

  const setDomains = (next: string[]) => list.onChange(next);

  /** Adds the typed domain; false when refused. */
  const addTyped = (): boolean => {
    const check = checkDomain(domains, domainText);
    if (!check.ok) {
      setDomainProblem(check.problem);
      return false;
    }
    if (block && !ownDomains.has(check.domain)) {
      setDomainProblem("planLimit");
      return false;
    }
    setDomains([...domains, check.domain]);
    setDomainText("");
    setDomainProblem(null);
    form.clearErrors("allowedDomains");
    return true;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    // a domain typed but not added yet is added first
    if (domainText.trim() && !addTyped()) return;
    void form.handleSubmit(({ name, allowedDomains }) => {
      setFailure(null);
      create.mutate(
        {
          name,
          allowedDomains,
          config: configOptionsOf({
            language: display.language,
            currency: display.currency,
            primaryColor: parseHexColor(display.primaryColor) ?? defaults.primaryColor,
            accentColor: parseHexColor(display.accentColor) ?? defaults.accentColor,
          }),
        },
        {
          onSuccess: (config) => {
            toast.success(t("manager.success.created"));
            onDone(config);
          },
          onError: (error) => {
            if (!form.applyServerError(error)) setFailure(failureOf(error, "createFailed"));
          },
        },
      );
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" data-testid="create-embed-form">
      <Field
        id="embed-name"
        data-testid="embed-name"
        label={t("manager.createDialog.name")}
        maxLength={100}
        placeholder={t("manager.createDialog.namePlaceholder")}
        error={form.fieldError("name")}
        {...nameField}
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">
          {t("manager.createDialog.domains")}
        </legend>
        {block ? <PlanBlockNote block={block} id="create-embed-plan-block" /> : null}
        {domains.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="create-domains">
            {domains.map((domain) => (
              <li
                key={domain}
                className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pe-1 ps-3 font-mono text-sm text-stone-800"
              >
                {domain}
                <button
                  type="button"
                  onClick={() => setDomains(domains.filter((d) => d !== domain))}
                  aria-label={t("manager.createDialog.remove", { domain })}
                  className="rounded-full p-1 text-stone-500 hover:bg-stone-200 hover:text-stone-900"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500">{t("manager.createDialog.noDomains")}</p>
        )}
        <DomainInput
          label={t("manager.createDialog.domainLabel")}
          value={domainText}
          onChange={(event) => {
            setDomainText(event.target.value);
            setDomainProblem(null);
          }}
          error={domainProblem ? t(`manager.domainDialog.${domainProblem}`) : null}
          listErrorId={listError ? "create-embed-domains-error" : undefined}
          onAdd={() => void addTyped()}
          addLabel={t("manager.createDialog.add")}
          ref={list.ref}
        />
        {listError ? (
          <p
            id="create-embed-domains-error"
            className="text-sm font-medium text-red-700"
            role="alert"
          >
            {listError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-4">
        <legend className="px-1 text-sm font-medium text-stone-800">
          {t("generator.form.title")}
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <OpenSettingSelect
            setting="language"
            value={display.language}
            onChange={(language) => setDisplay((d) => ({ ...d, language }))}
            testId="create-language"
          />
          <OpenSettingSelect
            setting="currency"
            value={display.currency}
            onChange={(currency) => setDisplay((d) => ({ ...d, currency }))}
            testId="create-currency"
          />
          <ColourField
            label={t("generator.form.primaryColor")}
            text={display.primaryColor}
            fallback={defaults.primaryColor}
            onChange={(primaryColor) => setDisplay((d) => ({ ...d, primaryColor }))}
          />
          <ColourField
            label={t("generator.form.accentColor")}
            text={display.accentColor}
            fallback={defaults.accentColor}
            onChange={(accentColor) => setDisplay((d) => ({ ...d, accentColor }))}
          />
        </div>
      </fieldset>

      {failure ? <FailureMessage failure={failure} /> : null}

      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          {t("manager.createDialog.cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending} data-testid="create-embed-submit">
          {create.isPending ? t("manager.createDialog.creating") : t("manager.createDialog.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
