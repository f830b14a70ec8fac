import * as AlertDialog from "radix-ui/alert-dialog";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/**
 * The Radix side of `ConfirmButton` (confirm-button.tsx), which loads it on first use (issue 12):
 * the button and its confirmation (Radix AlertDialog: focus moves into the dialog, Escape
 * cancels, focus returns to the button, or to `fallbackFocus` when the button is gone — a
 * removed member's row). `onConfirm` runs with the buttons disabled; the dialog closes when it
 * settles (the caller reports a failure).
 */
export interface ConfirmButtonProps {
  /** the button that opens the dialog (rendered through AlertDialog.Trigger asChild) */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** more content between the description and the buttons (the typed confirmation) */
  children?: React.ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => Promise<unknown>;
  destructive?: boolean;
  confirmDisabled?: boolean;
  onOpenChange?(open: boolean): void;
  /** where focus goes on opening (default: Cancel) */
  initialFocus?: React.RefObject<HTMLElement | null>;
  fallbackFocus?: () => HTMLElement | null;
  /** the dialog's test id */
  testId?: string;
  /** the confirm button's test id (default: `${testId}-confirm`) */
  confirmTestId?: string;
}

export function ConfirmDialogButton({
  trigger,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  onConfirm,
  destructive = false,
  confirmDisabled = false,
  onOpenChange,
  initialFocus,
  fallbackFocus,
  testId,
  confirmTestId = testId ? `${testId}-confirm` : undefined,
  defaultOpen = false,
}: ConfirmButtonProps & {
  /** rendered open: the stand-in's click that loaded it */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [pending, setPending] = useState(false);

  function change(next: boolean) {
    if (pending) return;
    setOpen(next);
    onOpenChange?.(next);
  }

  async function confirm(event: React.FormEvent | React.MouseEvent) {
    event.preventDefault();
    if (confirmDisabled || pending) return;
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // reported by the caller
    } finally {
      setPending(false);
      setOpen(false);
      onOpenChange?.(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in"
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={() => {
            if (!fallbackFocus) return;
            // Radix returns focus to the trigger; when that left the page, use the fallback.
            requestAnimationFrame(() => {
              const active = document.activeElement;
              if (!active || active === document.body) fallbackFocus()?.focus();
            });
          }}
        >
          <form onSubmit={(event) => void confirm(event)}>
            <AlertDialog.Title className="text-lg font-semibold tracking-tight break-words text-stone-900">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm leading-6 text-stone-600">
              {description}
            </AlertDialog.Description>
            {children}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={pending}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button
                type="submit"
                className={cn(destructive && "bg-red-700 hover:bg-red-800 active:bg-red-900")}
                disabled={pending || confirmDisabled}
                aria-busy={pending || undefined}
                data-testid={confirmTestId}
              >
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
