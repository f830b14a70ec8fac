import { X } from "lucide-react";
import * as DialogPrimitive from "radix-ui/dialog";
import { forwardRef, useState } from "react";
import { cn } from "./cn";

// Radix Dialog with Hawl's styles: focus trap, Escape, outside click, scroll lock and ARIA
// come from Radix. Usage:
// <Dialog open={open} onOpenChange={setOpen}>
//   <DialogTrigger asChild><Button>Open</Button></DialogTrigger>
//   <DialogContent title="Title" description="Optional text" closeLabel={t("actions.close")}>
//     ...
//   </DialogContent>
// </Dialog>
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content>,
  "title"
> {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Accessible name of the × button; omit to render no × button. */
  closeLabel?: string;
}

export const DialogContent = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { title, description, closeLabel, className, children, onCloseAutoFocus, ...props },
  ref,
) {
  // What had focus when the dialog opened (read on its first render, before Radix moves focus
  // in). Radix gives focus back to a DialogTrigger; a dialog its page opens (open/onOpenChange
  // from a plain button, or one loaded on demand after the click) has none, and focus would
  // fall to the body: it goes back to that element instead, if nothing else took it.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          requestAnimationFrame(() => {
            const active = document.activeElement;
            if ((!active || active === document.body) && opener?.isConnected) opener.focus();
          });
        }}
        {...props}
      >
        <DialogPrimitive.Title className="pe-8 text-lg font-semibold tracking-tight text-stone-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-2 text-sm leading-6 text-stone-600">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        {children}
        {closeLabel ? (
          <DialogPrimitive.Close
            className="absolute top-4 inset-e-4 rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
});

export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
