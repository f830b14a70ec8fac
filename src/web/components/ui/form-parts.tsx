import { useId } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { Spinner } from "./page-spinner";

export { ErrorAlert, Notice } from "./alerts";

// Form pieces of the account screens, on top of components/ui.

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">;

/** A labelled input with an optional hint and an error wired through aria-describedby. */
export function Field({
  label,
  error,
  hint,
  id: givenId,
  ...input
}: InputProps & { label: string; error?: string | null; hint?: string; id?: string }) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "block h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none read-only:bg-stone-100 read-only:text-stone-600",
          error ? "border-red-500" : "border-stone-300",
        )}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A submit button that shows a spinner and a busy label while the request runs. */
export function SubmitButton({
  loading,
  loadingLabel,
  children,
  ...rest
}: ButtonProps & { loading: boolean; loadingLabel: string }) {
  // before hydration a click would submit the form natively: its fields, the password too, in
  // the address (the prerendered forms have no handler yet)
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      {...rest}
      disabled={loading || rest.disabled || !hydrated}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner className="size-4" />}
      {loading ? loadingLabel : children}
    </Button>
  );
}

/** Centred single-card layout of the account pages (the layout provides <main>). */
export function AuthCard({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-1 justify-center px-4 py-10 sm:py-16" data-testid={testId}>
      <Card className="h-fit w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {subtitle && <p className="mt-2 text-sm leading-6 text-stone-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
