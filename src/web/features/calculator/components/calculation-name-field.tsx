import { useEffect, useMemo, useRef } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { createCalculationRequestSchema } from "#contracts/calculations.ts";
import type { Language } from "~/app/route-table";
import { useContractForm } from "~/components/form/use-contract-form";
import { useLatestCalculations } from "~/features/history";
import { defaultCalculationName, distinctName, type ServerLink } from "../model/saved";

// the save request's name rule (decision 067); the calculations' schemas already come with these
// dialogs (model/migration.ts)
const schema = createCalculationRequestSchema.pick({ name: true });

/**
 * The form of a save: the name to save under, the saved calculation's, else the default one
 * ("Zakat <date>"), told apart from the workspace's newest calculations' names ("Zakat <date>
 * (2)"), which arrive after the form shows: the field follows them until the person changes it.
 */
export function useCalculationNameForm(
  link: ServerLink | null,
  lang: Language,
  workspaceId: string | null,
) {
  const { t } = useTranslation("calculator");
  // a name of today's is among the newest (20: the most `?latest` gives, API.md)
  const newest = useLatestCalculations(link ? null : workspaceId, 20);
  const proposed =
    link?.name ??
    distinctName(
      defaultCalculationName(lang, t("save.defaultNamePrefix")),
      newest.data?.calculations.map((c) => c.name) ?? [],
    );
  const messages = useMemo(() => ({ name: { required: t("save.nameRequired") } }), [t]);
  const form = useContractForm({ schema, defaultValues: { name: proposed }, messages });
  const shown = useRef(proposed);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (proposed === shown.current) return;
    if (getValues("name") === shown.current) setValue("name", proposed);
    shown.current = proposed;
  }, [proposed, getValues, setValue]);
  return form;
}

/**
 * The name field of a save form (`field`: its registration); `invalid` while the form refuses
 * the name, `errorId` the `SaveError` that says why (or that the save failed).
 */
export function CalculationNameField({
  id,
  field,
  invalid,
  errorId,
  testId,
}: {
  id: string;
  field: UseFormRegisterReturn;
  invalid: boolean;
  /** the SaveError's id while it says something */
  errorId: string | undefined;
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
        maxLength={200}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        data-testid={testId}
        {...field}
      />
    </div>
  );
}

/** A save's error, announced. */
export function SaveError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}
