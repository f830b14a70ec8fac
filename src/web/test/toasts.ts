import { toast } from "sonner";
import { vi } from "vitest";

/**
 * Spies in place of sonner's `toast.success` and `toast.error` for one test (call it in
 * beforeEach; tests/helpers/dom-setup.ts restores them after each test). They show nothing, so
 * no toast waits in sonner's store for a later test's Toaster. Unlike `vi.mock("sonner")`, the
 * test file keeps the shared module graph of the unit-dom project (vitest.config.ts).
 */
export function spyOnToasts() {
  return {
    success: vi.spyOn(toast, "success").mockImplementation(() => ""),
    error: vi.spyOn(toast, "error").mockImplementation(() => ""),
  };
}
