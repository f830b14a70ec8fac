import { cn } from "~/components/ui/cn";

// The error and notice boxes, apart from the form pieces (form-parts.tsx re-exports them): a page
// that only shows an error (the dashboard's invitation cards) does not load the forms' chunk.

/** The red box the spec asks for; announced to screen readers as soon as it appears. */
export function ErrorAlert({
  children,
  testId = "form-error",
}: {
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {children}
    </div>
  );
}

export function Notice({
  children,
  tone = "info",
  testId,
}: {
  children: React.ReactNode;
  tone?: "info" | "success";
  testId?: string;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm",
        tone === "success"
          ? "border-emerald-300 bg-emerald-50 text-emerald-900"
          : "border-brand-200 bg-brand-50 text-brand-900",
      )}
    >
      {children}
    </div>
  );
}
