import { useCallback } from "react";
import { useErrorMessage } from "~/features/auth/lib/error-message";
import { ApiError } from "~/lib/api-client";

/**
 * Spec §8 workspace failures: the error's own message (its code translated), else the action's
 * default ('Failed to remove member', 'Failed to accept invitation', …). An internal error or
 * an unreadable answer says nothing more than the default.
 */
export function useWorkspaceError(): (error: unknown, fallback: string) => string {
  const describeError = useErrorMessage();
  return useCallback(
    (error: unknown, fallback: string) =>
      error instanceof ApiError && error.code !== "INTERNAL" && error.status !== 500
        ? describeError(error, fallback)
        : fallback,
    [describeError],
  );
}
