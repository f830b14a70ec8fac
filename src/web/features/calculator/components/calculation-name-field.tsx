import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { useLatestCalculations } from "~/features/history";
import { defaultCalculationName, distinctName, type ServerLink } from "../model/saved";

/**
 * The name to save under: the saved calculation's, else the default one ("Zakat <date>"), told
 * apart from the workspace's newest calculations' names ("Zakat <date> (2)"); what the person
 * types replaces it.
 */
export function useCalculationName(
  link: ServerLink | null,
  lang: Language,
  workspaceId: string | null,
): [string, (name: string) => void] {
  const { t } = useTranslation("calculator");
  const [typed, setTyped] = useState<string | null>(null);
  // a name of today's is among the newest (20: the most `?latest` gives, API.md)
  const newest = useLatestCalculations(link ? null : workspaceId, 20);
  const proposed =
    link?.name ??
    distinctName(
      defaultCalculationName(lang, t("save.defaultNamePrefix")),
      newest.data?.calculations.map((c) => c.name) ?? [],
    );
  return [typed ?? proposed, setTyped];
}

/** The name field of a save form; `error` (shown by `SaveError` under `errorId`) describes it. */
export function CalculationNameField({
  id,
  value,
  onChange,
  error,
  errorId,
  testId,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
  error: string | null;
  errorId: string;
  testId: string;
}) {
  const { t } = useTranslation("calculator");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("save.nameLabel")}
      </label>
      <input
        id={id}
        value={value}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error === t("save.nameRequired") ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        data-testid={testId}
      />
    </div>
  );
}

/** A save's error, announced. */
export function SaveError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}
