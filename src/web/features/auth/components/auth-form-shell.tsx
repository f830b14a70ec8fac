import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import type { ContractForm } from "~/components/form/use-contract-form";
import { useErrorMessage } from "~/lib/error-message";

/**
 * The form of the one-step account pages (forgot password, reset password): the contract form's
 * fields, the request, and what the server refuses, on its field or in the red box above.
 */
export function AuthFormShell<S extends z.ZodType<FieldValues, FieldValues>>({
  form,
  onValid,
  testId,
  submitLabel,
  loadingLabel,
  submitTestId,
  children,
}: {
  form: ContractForm<S>;
  /** sends the request; what it throws is shown */
  onValid(values: z.output<S>): Promise<void>;
  testId: string;
  submitLabel: string;
  loadingLabel: string;
  submitTestId: string;
  children: React.ReactNode;
}) {
  const describeError = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onValid(values);
    } catch (caught) {
      if (!form.applyServerError(caught)) setError(describeError(caught));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid={testId}>
      {error && <ErrorAlert testId="auth-error">{error}</ErrorAlert>}
      {children}
      <SubmitButton
        size="lg"
        className="w-full"
        loading={form.formState.isSubmitting}
        loadingLabel={loadingLabel}
        data-testid={submitTestId}
      >
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
