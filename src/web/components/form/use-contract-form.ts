import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { useCallback, useMemo } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "~/lib/api-client";
import { messageOf, refusalOf, type OwnMessages } from "./messages";

// One way to build a form (decision 067): react-hook-form over the contract's request schema.
// The browser's refusals and the server's 400 `fields` are translated by the same mapping
// (./messages.ts), and the server's refusals land on the fields they name.

type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The schema, or a function importing it: a form in a chunk of a first load that zod does not
 * come with (decision 035: the notification settings, which the dashboard's chunk holds) checks
 * with the schema once it has loaded, on the first submit.
 */
type SchemaSource<S extends ObjectSchema> = S | (() => Promise<S>);

/**
 * @hookform/resolvers' zodResolver keeps only an issue's message and code; the translated text
 * also needs the issue's limits ("at most {{max}} characters"), so this resolver reads the
 * issues itself and nests them with the package's own helpers, as zodResolver does.
 */
function contractResolver<S extends ObjectSchema>(
  schema: SchemaSource<S>,
  describe: (field: string, issue: z.core.$ZodIssue) => string,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let loading: Promise<S> | undefined;
  const schemaNow = async (): Promise<S | null> => {
    if (typeof schema !== "function") return schema;
    try {
      return await (loading ??= schema());
    } catch {
      loading = undefined;
      return null;
    }
  };
  return async (values, _context, options) => {
    const checker = await schemaNow();
    // not loaded (offline, a new deployment): the request goes as typed, and what it meets
    // (no connection, the server's own check of the same schema) is said as for any request
    if (!checker) return { values: values as z.output<S>, errors: {} };
    const result = await checker.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.length ? issue.path.map(String).join(".") : "root";
      errors[field] ??= { type: issue.code, message: describe(field, issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

function valueAt(values: unknown, path: string): unknown {
  let at: unknown = values;
  for (const part of path.split(".")) {
    if (typeof at !== "object" || at === null || !(part in at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export interface ContractFormOptions<S extends ObjectSchema> {
  /**
   * the request's schema from src/contracts (picked or extended for what the form asks), or a
   * function importing it (keep it the same function from render to render: a module's constant)
   */
  schema: SchemaSource<S>;
  defaultValues: DefaultValues<z.input<S>>;
  /** the form's own text for some reasons of some fields, instead of the general `form.*` */
  messages?: OwnMessages;
  /**
   * Error codes of the server that belong to one field (Better Auth's PASSWORD_TOO_SHORT is the
   * password's), with the text shown under it.
   */
  codes?: Readonly<Record<string, { field: Path<z.input<S>>; message: string }>>;
  /**
   * When a submitted form checks a field again: react-hook-form's "onChange" (the default), or
   * "onSubmit" for a form whose refusals stay until the next submit, or until the form clears
   * them as the field changes (the embed manager's domain, which a change makes unchecked).
   */
  reValidateMode?: "onChange" | "onBlur" | "onSubmit";
}

export type ContractForm<S extends ObjectSchema> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
> & {
  /** The text of the field's error, if it has one. */
  fieldError(name: Path<z.input<S>>): string | undefined;
  /**
   * Puts a failed request's field errors on their fields (a 400's `fields`, `codes`), focusing
   * the first; true when every part of the error found its field, false when the caller must
   * still say something above the form.
   */
  applyServerError(error: unknown): boolean;
};

/** useForm over a contract schema, with translated messages and the server's field errors. */
export function useContractForm<S extends ObjectSchema>({
  schema,
  defaultValues,
  messages,
  codes,
  reValidateMode,
}: ContractFormOptions<S>): ContractForm<S> {
  const { t } = useTranslation("common");
  const resolver = useMemo(
    () =>
      contractResolver(schema, (field, issue) =>
        messageOf(t, field, refusalOf(issue as Parameters<typeof refusalOf>[0]), messages),
      ),
    [schema, t, messages],
  );
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues,
    ...(reValidateMode ? { reValidateMode } : {}),
  });
  const { getFieldState, setError, getValues } = form;

  const fieldError = useCallback(
    (name: Path<z.input<S>>) => getFieldState(name, form.formState).error?.message,
    [getFieldState, form.formState],
  );

  const applyServerError = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false;
      const own = codes?.[error.code];
      if (own) {
        setError(own.field, { type: "server", message: own.message }, { shouldFocus: true });
        return true;
      }
      if (error.code !== "VALIDATION_FAILED" || !error.fields) return false;
      let placed = 0;
      const entries = Object.entries(error.fields);
      for (const [path, reason] of entries) {
        if (valueAt(getValues(), path) === undefined) continue;
        const text = messageOf(t, path, refusalOf({ message: reason }), messages);
        setError(
          path as Path<z.input<S>>,
          { type: "server", message: text },
          { shouldFocus: placed === 0 },
        );
        placed += 1;
      }
      return placed > 0 && placed === entries.length;
    },
    [codes, getValues, messages, setError, t],
  );

  return { ...form, fieldError, applyServerError };
}
