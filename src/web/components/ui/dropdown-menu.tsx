import { Check } from "lucide-react";
import * as Menu from "radix-ui/dropdown-menu";
import { forwardRef, useRef } from "react";
import { cn } from "./cn";

// Radix DropdownMenu with Hawl's styles: arrow-key navigation, typeahead, Escape and outside
// click closing come from Radix. Items that navigate use `asChild` around a link.
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

/**
 * `onFocus` for the content of a menu opened from its on-demand stand-in (ui/on-demand.tsx):
 * Radix moves focus to the first item only when it saw the key that opened the menu, and the
 * stand-in saw that key instead, so on that first opening focus goes on to the first item, as a
 * menu button's does (WAI-ARIA APG). Later openings are Radix's own.
 */
export function useFocusFirstItemOnOpen(openedByStandIn: boolean | undefined) {
  const pending = useRef(Boolean(openedByStandIn));
  return (event: React.FocusEvent<HTMLDivElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget
      .querySelector<HTMLElement>("[role^=menuitem]:not([data-disabled])")
      ?.focus({ preventScroll: true });
  };
}

export const DropdownMenuContent = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 8, align = "end", ...props }, ref) {
  return (
    <Menu.Portal>
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "z-50 min-w-52 rounded-xl border border-stone-200 bg-white p-1.5 text-sm shadow-lg data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
});

const itemClasses =
  "relative flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-stone-700 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-stone-500";

export const DropdownMenuItem = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Item>
>(function DropdownMenuItem({ className, ...props }, ref) {
  return <Menu.Item ref={ref} className={cn(itemClasses, className)} {...props} />;
});

export const DropdownMenuRadioItem = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.RadioItem>
>(function DropdownMenuRadioItem({ className, children, ...props }, ref) {
  return (
    <Menu.RadioItem ref={ref} className={cn(itemClasses, "pe-8", className)} {...props}>
      {children}
      <Menu.ItemIndicator className="absolute inset-e-3">
        <Check className="text-brand-700" aria-hidden />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
});

export function DropdownMenuSeparator({ className }: { className?: string }) {
  return <Menu.Separator className={cn("my-1 h-px bg-stone-200", className)} />;
}

export function DropdownMenuLabel({
  className,
  ...props
}: React.ComponentPropsWithoutRef<typeof Menu.Label>) {
  return (
    <Menu.Label
      className={cn(
        "px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase",
        className,
      )}
      {...props}
    />
  );
}
