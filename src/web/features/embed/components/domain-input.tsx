import { Plus } from "lucide-react";
import { useId, useMemo } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { OwnMessages } from "~/components/form/messages";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { maxEmbedDomains } from "#contracts/embed.ts";
import { addDomain, type DomainProblem } from "#domain/embed/index.ts";

/** a domain rule broken, or the plan's domains all in use (a new domain refused, issue 30) */
export type DomainFieldProblem = DomainProblem | "planLimit";

export type DomainCheck = { ok: true; domain: string } | { ok: false; problem: DomainProblem };

/** Spec §5 "Domain add": normalised, validated, duplicates refused (domain/embed rules). */
export function checkDomain(domains: readonly string[], input: string): DomainCheck {
  const result = addDomain(domains, input);
  return result.ok ? { ok: true, domain: result.domain } : { ok: false, problem: result.problem };
}

/**
 * The texts of a domain list's refusals for useContractForm (the request's `allowedDomains`,
 * src/contracts/embed.ts): an entry `invalid` or `duplicate` (by the contract's domain rules,
 * on the browser or the server), the list `domainRequired` or `too_many`. Entries are named by
 * their index: the texts are given for each a list may hold, and one more (the one refused).
 */
export function useDomainListMessages(): OwnMessages {
  const { t } = useTranslation("embed");
  return useMemo(() => {
    const entry = {
      invalid: t("manager.domainDialog.invalid"),
      duplicate: t("manager.domainDialog.duplicate"),
    };
    return {
      allowedDomains: {
        domainRequired: t("manager.errors.domainRequired"),
        too_many: t("manager.errors.tooManyDomains", { max: maxEmbedDomains }),
      },
      ...Object.fromEntries(
        Array.from({ length: maxEmbedDomains + 1 }, (_, i) => [`allowedDomains.${i}`, entry]),
      ),
    };
  }, [t]);
}

type ListErrors = (FieldError & { root?: FieldError }) | (FieldError | undefined)[] | undefined;

/**
 * The first refusal of a domain list in react-hook-form's errors: an entry's, the one at `first`
 * (the one typed) before the others, or the list's own (under `root` when its entries are the
 * form's fields); the schema refuses entries only in a list it accepts.
 */
export function listRefusal(errors: unknown, first?: number): string | undefined {
  const list = errors as ListErrors;
  if (Array.isArray(list)) {
    const entries = first === undefined ? list : [list[first], ...list];
    return entries.find((entry) => entry?.message)?.message;
  }
  return list?.message ?? list?.root?.message;
}

/**
 * A domain field; `onAdd` is called by the Add button or Enter (the button is disabled while the
 * field is empty). The caller checks the text and passes the refusal to show, as `error`; the
 * input's other props (a controlled value, or react-hook-form's `register`) go to the input.
 */
export function DomainInput({
  label,
  error,
  listErrorId,
  onAdd,
  addLabel,
  showButton = true,
  ...input
}: Omit<React.ComponentProps<"input">, "id" | "type" | "className"> & {
  label: string;
  /** the text's refusal, shown under the field */
  error: string | null | undefined;
  /** the id of the refusal of the list the field adds to, said elsewhere (none, say) */
  listErrorId?: string;
  onAdd?: () => void;
  addLabel: string;
  /** false: Enter submits the surrounding form instead, which has its own button */
  showButton?: boolean;
}) {
  const { t } = useTranslation("embed");
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const empty = String(input.value ?? "").trim() === "";
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("manager.createDialog.domainPlaceholder")}
          onKeyDown={(event) => {
            if (showButton && event.key === "Enter") {
              event.preventDefault();
              if (event.currentTarget.value.trim()) onAdd?.();
            }
          }}
          aria-invalid={error || listErrorId ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null, listErrorId].filter(Boolean).join(" ")}
          className={cn(
            "block h-11 w-full min-w-0 rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none",
            error || listErrorId ? "border-red-500" : "border-stone-300",
          )}
          data-testid="domain-input"
          {...input}
        />
        {showButton ? (
          <Button variant="secondary" onClick={onAdd} disabled={empty} data-testid="domain-add">
            <Plus aria-hidden="true" />
            {addLabel}
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-stone-600">
        {t("manager.createDialog.domainHint")}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" data-testid="domain-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
