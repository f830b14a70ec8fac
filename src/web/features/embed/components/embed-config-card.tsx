import {
  BarChart3,
  ChevronDown,
  Code,
  HandCoins,
  Pencil,
  Plus,
  Power,
  Trash2,
  X,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { i18nFor, useI18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatDay } from "~/lib/format";
import type { EmbedConfig } from "#contracts/embed.ts";
import {
  callToActionHost,
  defaultEmbedLanguage,
  type EmbedCurrency,
  type EmbedLanguage,
} from "#domain/embed/index.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { defaultHeight, defaultWidth, embedCode, embedUrl } from "../model/embed-code";
import { failureOf, renamedTo, shortKey, withDisplayChange, type OpenOr } from "../model/manager";
import { AddDomainDialog } from "./add-domain-dialog";
import { CallToActionDialog } from "./call-to-action-dialog";
import { CopyCode } from "./copy-code";
import { DeleteEmbedDialog } from "./delete-embed-dialog";
import { useFailureText } from "./failure-message";
import { OpenSettingSelect } from "./fields";
import { UsagePanel } from "./usage-panel";

/** The code of a managed embed: its key only, so the configuration's settings apply. */
export function managedEmbedCode(config: EmbedConfig, origin: string, title: string): string {
  return embedCode({
    origin,
    src: embedUrl(origin, null, config.embedKey),
    width: defaultWidth,
    height: defaultHeight,
    title,
  });
}

/**
 * Spec §2 "Embed manager" card: name (renamed inline: Enter saves, Escape cancels), key's first
 * 16 characters and an ellipsis, domains (add, remove), created date, enable/disable (a disabled
 * card is dimmed), delete, and the iframe code with the key. Its language and currency (issue 11):
 * the saved value, fixed, or left open to the embed's address; changed here at once.
 */
export function EmbedConfigCard({
  config,
  lang,
  origin,
  domainsBlockedBy = null,
}: {
  config: EmbedConfig;
  lang: Language;
  origin: string;
  /** the id of the note saying the plan has no domain left (Add domain is disabled), or null */
  domainsBlockedBy?: string | null;
}) {
  const { t } = useTranslation("embed");
  // the iframe's title is in the embed's language (the page's until that catalog is here)
  const embedI18n = useI18nFor(config.config.language ?? defaultEmbedLanguage, ["embed"]);
  const iframeTitle = (embedI18n ?? i18nFor(lang)).t("embed:generator.iframeTitle");
  const failureText = useFailureText();
  const { update } = useEmbedConfigMutations();
  const [addOpen, setAddOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const [ctaOpen, setCtaOpen] = useState(false);
  const [usageOpen, setUsageOpen] = useState(false);
  const codeId = useId();
  const usageId = useId();
  const titleId = useId();

  const change = (body: Parameters<typeof update.mutate>[0]["body"]) =>
    update.mutate(
      { id: config.id, body },
      {
        onSuccess: () => toast.success(t("manager.success.updated")),
        onError: (error) => toast.error(failureText(failureOf(error, "updateFailed"))),
      },
    );

  return (
    <li
      className={cn(
        "flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition-opacity",
        !config.isActive && "opacity-60",
      )}
      aria-labelledby={titleId}
      data-testid="embed-card"
      data-active={config.isActive ? "true" : "false"}
    >
      <div className="flex items-start justify-between gap-3">
        <InlineName titleId={titleId} name={config.name} onRename={(name) => change({ name })} />
        <Badge tone={config.isActive ? "success" : "neutral"} data-testid="embed-status">
          {config.isActive ? t("manager.card.active") : t("manager.card.inactive")}
        </Badge>
      </div>

      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-stone-600">{t("manager.card.key")}</dt>
          <dd className="mt-0.5 font-mono text-stone-900" data-testid="embed-key">
            {shortKey(config.embedKey)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-600">{t("manager.card.domains")}</dt>
          <dd className="mt-1">
            {config.allowedDomains.length ? (
              <ul className="flex flex-wrap gap-2" data-testid="embed-domains">
                {config.allowedDomains.map((domain) => (
                  <li
                    key={domain}
                    className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pe-1 ps-3 font-mono text-stone-800"
                  >
                    {domain}
                    <button
                      type="button"
                      onClick={() =>
                        change({
                          allowedDomains: config.allowedDomains.filter((d) => d !== domain),
                        })
                      }
                      disabled={update.isPending}
                      aria-label={t("manager.card.removeDomain", { domain })}
                      className="rounded-full p-1 text-stone-500 hover:bg-stone-200 hover:text-stone-900 disabled:opacity-50"
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gold-800" data-testid="embed-no-domains">
                {t("manager.card.noDomains")}
              </p>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-600">{t("manager.cta.title")}</dt>
          <dd className="mt-0.5 text-stone-900" data-testid="embed-cta">
            {config.callToAction ? (
              <>
                {config.callToAction.organisation}
                {" · "}
                <span className="font-mono" data-testid="embed-cta-host">
                  {callToActionHost(config.callToAction.urlTemplate)}
                </span>
              </>
            ) : (
              <span className="text-stone-500">{t("manager.cta.none")}</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="embed-display">
        {(["language", "currency"] as const).map((setting) => (
          <OpenSettingSelect
            key={setting}
            setting={setting}
            value={config.config[setting] ?? "open"}
            onChange={(value) =>
              change({
                config: withDisplayChange(
                  config.config,
                  setting === "language"
                    ? { language: value as OpenOr<EmbedLanguage> }
                    : { currency: value as OpenOr<EmbedCurrency> },
                ),
              })
            }
            disabled={update.isPending}
            testId={`embed-${setting}`}
          />
        ))}
      </div>
      <p className="mt-3 text-sm text-stone-500" data-testid="embed-created">
        {t("manager.card.created", { date: formatDay(config.createdAt.slice(0, 10), lang) })}
      </p>

      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setAddOpen(true)}
          disabled={domainsBlockedBy !== null}
          aria-describedby={domainsBlockedBy ?? undefined}
          data-testid="embed-add-domain"
        >
          <Plus aria-hidden="true" />
          {t("manager.card.addDomain")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change({ isActive: !config.isActive })}
          disabled={update.isPending}
          data-testid="embed-toggle"
        >
          <Power aria-hidden="true" />
          {config.isActive ? t("manager.card.disable") : t("manager.card.enable")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setCtaOpen(true)}
          data-testid="embed-edit-cta"
        >
          <HandCoins aria-hidden="true" />
          {config.callToAction ? t("manager.cta.edit") : t("manager.cta.add")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setUsageOpen((o) => !o)}
          aria-expanded={usageOpen}
          aria-controls={usageId}
          data-testid="embed-show-usage"
        >
          <BarChart3 aria-hidden="true" />
          {t("manager.usage.show")}
          <ChevronDown
            className={cn("transition-transform", usageOpen && "rotate-180")}
            aria-hidden="true"
          />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setCodeOpen((o) => !o)}
          aria-expanded={codeOpen}
          aria-controls={codeId}
          data-testid="embed-show-code"
        >
          <Code aria-hidden="true" />
          {codeOpen ? t("manager.card.hideCode") : t("manager.card.showCode")}
          <ChevronDown
            className={cn("transition-transform", codeOpen && "rotate-180")}
            aria-hidden="true"
          />
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={() => setDeleteOpen(true)}
          aria-label={t("manager.card.deleteNamed", { name: config.name })}
          className="sm:ms-auto"
          data-testid="embed-delete"
        >
          <Trash2 aria-hidden="true" />
          {t("manager.card.delete")}
        </Button>
      </div>

      <div id={codeId} hidden={!codeOpen} className="mt-4">
        {codeOpen ? (
          <CopyCode
            code={managedEmbedCode(config, origin, iframeTitle)}
            label={t("generator.code.label")}
            hint={t("generator.code.hint")}
            testId="embed-card-code"
          />
        ) : null}
      </div>

      <div id={usageId} hidden={!usageOpen} className="mt-4">
        {usageOpen ? <UsagePanel configId={config.id} lang={lang} /> : null}
      </div>

      <AddDomainDialog config={config} open={addOpen} onOpenChange={setAddOpen} />
      <CallToActionDialog config={config} open={ctaOpen} onOpenChange={setCtaOpen} />
      <DeleteEmbedDialog config={config} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </li>
  );
}

/**
 * The configuration's name, renamed in place: the pencil (or a click on the name) opens a field;
 * Enter saves, Escape cancels, leaving the field saves; saved only when not empty and changed.
 */
export function InlineName({
  name,
  titleId,
  onRename,
}: {
  name: string;
  titleId: string;
  onRename: (name: string) => void;
}) {
  const { t } = useTranslation("embed");
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** the edit ended (Enter, Escape): a blur that follows changes nothing */
  const ended = useRef(false);
  const hintId = useId();

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    }
  }, [editing]);

  const start = () => {
    ended.current = false;
    setText(name);
    setEditing(true);
  };
  const finish = (save: boolean, refocus: boolean) => {
    if (ended.current) return;
    ended.current = true;
    const renamed = save ? renamedTo(name, text) : null;
    if (renamed) onRename(renamed);
    setEditing(false);
    // Enter or Escape: back to the pencil, so the keyboard stays where it was (a blur leaves
    // the focus where the person moved it)
    if (refocus) setTimeout(() => editButton.current?.focus(), 0);
  };

  if (editing) {
    return (
      <div className="min-w-0 flex-1">
        {/* the card keeps its name while it is edited */}
        <span id={titleId} className="sr-only">
          {name}
        </span>
        <label htmlFor={`${titleId}-input`} className="sr-only">
          {t("manager.card.renameLabel")}
        </label>
        <input
          id={`${titleId}-input`}
          ref={input}
          type="text"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              finish(true, true);
            } else if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              finish(false, true);
            }
          }}
          onBlur={() => finish(true, false)}
          aria-describedby={hintId}
          className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-lg font-semibold text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          data-testid="embed-rename-input"
        />
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {t("manager.card.renameHint")}
        </p>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1">
      <h2
        id={titleId}
        className="truncate text-lg font-semibold tracking-tight text-stone-900"
        data-testid="embed-name"
      >
        {name}
      </h2>
      <Button
        ref={editButton}
        variant="ghost"
        size="icon"
        onClick={start}
        aria-label={t("manager.card.rename", { name })}
        className="size-8"
        data-testid="embed-rename"
      >
        <Pencil aria-hidden="true" />
      </Button>
    </div>
  );
}
