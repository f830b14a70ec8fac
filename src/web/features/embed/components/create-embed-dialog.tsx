import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import type { EmbedConfig } from "#contracts/embed.ts";
import { parseHexColor, type EmbedCurrency, type EmbedLanguage } from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { generatorDefaults } from "../model/embed-code";
import { configOptionsOf, failureOf, type ManagerFailure, type OpenOr } from "../model/manager";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { useEmbedConfigs } from "../api/use-embed-configs";
import { checkDomain, DomainInput, type DomainFieldProblem } from "./domain-input";
import { FailureMessage } from "./failure-message";
import { ColourField, OpenSettingSelect } from "./fields";

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
  const [name, setName] = useState("");
  const [domains, setDomains] = useState<string[]>([]);
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
  const [errors, setErrors] = useState<{ name?: boolean; domains?: boolean }>({});
  const [failure, setFailure] = useState<ManagerFailure | null>(null);

  /** Adds the typed domain; the list it made, or null when refused. */
  const addTyped = (): string[] | null => {
    const check = checkDomain(domains, domainText);
    if (!check.ok) {
      setDomainProblem(check.problem);
      return null;
    }
    if (block && !ownDomains.has(check.domain)) {
      setDomainProblem("planLimit");
      return null;
    }
    const list = [...domains, check.domain];
    setDomains(list);
    setDomainText("");
    setDomainProblem(null);
    setErrors((e) => ({ ...e, domains: false }));
    return list;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    // a domain typed but not added yet is added first
    const list = domainText.trim() ? addTyped() : domains;
    if (list === null) return;
    const nameMissing = name.trim() === "";
    setErrors({ name: nameMissing, domains: list.length === 0 });
    if (nameMissing || list.length === 0) return;
    setFailure(null);
    create.mutate(
      {
        name: name.trim(),
        allowedDomains: list,
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
        onError: (error) => setFailure(failureOf(error, "createFailed")),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5" data-testid="create-embed-form">
      <div className="space-y-1.5">
        <label htmlFor="embed-name" className="block text-sm font-medium text-stone-800">
          {t("manager.createDialog.name")}
        </label>
        <input
          id="embed-name"
          type="text"
          value={name}
          maxLength={100}
          placeholder={t("manager.createDialog.namePlaceholder")}
          onChange={(event) => {
            setName(event.target.value);
            if (event.target.value.trim()) setErrors((e) => ({ ...e, name: false }));
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "embed-name-error" : undefined}
          className="block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-500"
          data-testid="embed-name"
        />
        {errors.name ? (
          <p id="embed-name-error" className="text-sm font-medium text-red-700">
            {t("manager.errors.nameRequired")}
          </p>
        ) : null}
      </div>

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
                  onClick={() => setDomains((list) => list.filter((d) => d !== domain))}
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
          onChange={(value) => {
            setDomainText(value);
            setDomainProblem(null);
          }}
          problem={domainProblem}
          onAdd={() => void addTyped()}
          addLabel={t("manager.createDialog.add")}
        />
        {errors.domains ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            {t("manager.errors.domainRequired")}
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
