import { Plus } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
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
 * A domain field; `onAdd` is called by the Add button or Enter (the button is disabled while the
 * field is empty). The caller checks the text and passes back the problem to show.
 */
export function DomainInput({
  label,
  value,
  onChange,
  problem,
  onAdd,
  addLabel,
  autoFocus,
  showButton = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: DomainFieldProblem | null;
  onAdd: () => void;
  addLabel: string;
  autoFocus?: boolean;
  /** false: Enter submits the surrounding form instead, which has its own button */
  showButton?: boolean;
}) {
  const { t } = useTranslation("embed");
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
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
          autoFocus={autoFocus}
          value={value}
          placeholder={t("manager.createDialog.domainPlaceholder")}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (showButton && event.key === "Enter") {
              event.preventDefault();
              if (value.trim()) onAdd();
            }
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          className={cn(
            "block h-11 w-full min-w-0 rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none",
            problem ? "border-red-500" : "border-stone-300",
          )}
          data-testid="domain-input"
        />
        {showButton ? (
          <Button
            variant="secondary"
            onClick={onAdd}
            disabled={value.trim() === ""}
            data-testid="domain-add"
          >
            <Plus aria-hidden="true" />
            {addLabel}
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-stone-600">
        {t("manager.createDialog.domainHint")}
      </p>
      {problem ? (
        <p id={errorId} className="text-sm font-medium text-red-700" data-testid="domain-error">
          {t(`manager.domainDialog.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
