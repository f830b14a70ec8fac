import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { copyConfirmationMs } from "../model/embed-code";

/**
 * Code to copy: a read-only text area (focus selects it all) and a Copy button whose label says
 * "Copied!" for 2000 ms (spec §9), announced politely. A copy that fails is only logged (spec
 * §8) and the code is selected, ready for the keyboard's copy.
 */
export function CopyCode({
  code,
  label,
  hint,
  testId = "embed-code",
}: {
  code: string;
  label: string;
  hint?: string;
  testId?: string;
}) {
  const { t } = useTranslation("embed");
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), copyConfirmationMs);
    } catch (error) {
      console.error("Copying the embed code failed", error);
      area.current?.focus();
      area.current?.select();
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={area}
        readOnly
        value={code}
        rows={4}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="block w-full resize-y rounded-lg border border-stone-300 bg-stone-50 p-3 font-mono text-sm break-all text-stone-800 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        data-testid={testId}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <Button onClick={() => void copy()} data-testid={`${testId}-copy`}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? t("generator.code.copied") : t("generator.code.copy")}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {copied ? t("generator.code.copied") : ""}
      </span>
    </div>
  );
}
