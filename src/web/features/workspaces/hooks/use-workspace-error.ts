import { useCallback } from "react";
import { useErrorMessage, useErrorMessageLater } from "~/lib/error-message";
import { ApiError } from "~/lib/api-client";

/** Whether the error's own message says more than the action's default. */
const saysMore = (error: unknown) =>
  error instanceof ApiError && error.code !== "INTERNAL" && error.status !== 500;

/**
 * Spec §8 workspace failures: the error's own message (its code translated), else the action's
 * default ('Failed to remove member', 'Failed to accept invitation', …). An internal error or
 * an unreadable answer says nothing more than the default.
 */
export function useWorkspaceError(): (error: unknown, fallback: string) => string {
  const describeError = useErrorMessage();
  return useCallback(
    (error: unknown, fallback: string) =>
      saysMore(error) ? describeError(error, fallback) : fallback,
    [describeError],
  );
}

/**
 * useWorkspaceError for a component on a page that does not load the `errors` catalog (the
 * dashboard's received invitations): the catalog loads when there is an error to say
 * (useErrorMessageLater, decision 035).
 */
export function useWorkspaceErrorLater(): (error: unknown, fallback: string) => Promise<string> {
  const describeError = useErrorMessageLater();
  return useCallback(
    async (error: unknown, fallback: string) =>
      saysMore(error) ? describeError(error, fallback) : fallback,
    [describeError],
  );
}
