import * as Slot from "radix-ui/slot";
import { forwardRef } from "react";
import { cn } from "./cn";

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "ghost"
  | "danger"
  | "quietDanger"
  | "gold"
  | "inverted"
  | "onDark"
  | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

// From `sm` up a button keeps its label on one line and its width in a row; on a phone a long
// label (Dutch, French) wraps and the button may shrink, rather than pushing the page sideways.
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  secondary:
    "border border-stone-300 bg-white text-stone-900 shadow-sm hover:border-stone-400 hover:bg-stone-50",
  ghost: "text-stone-700 hover:bg-stone-100 hover:text-stone-950",
  // a ghost button in red for deleting; its own variant, as cn() does not let a later colour
  // class beat the ghost's (the style sheet's order decides)
  danger: "text-red-700 hover:bg-red-50 hover:text-red-800",
  // grey until pointed at: a small remove button beside each of many rows
  quietDanger: "text-stone-500 hover:bg-red-50 hover:text-red-700",
  gold: "bg-gold-400 text-stone-950 shadow-sm hover:bg-gold-300 dark:bg-gold-600 dark:text-black dark:hover:bg-gold-700",
  inverted: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
  onDark: "text-white ring-1 ring-white/40 ring-inset hover:bg-white/10",
  link: "text-brand-700 underline-offset-4 hover:underline",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-10 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-2.5 text-base",
  icon: "size-10 shrink-0",
};

/** Classes of a button, for elements that cannot use <Button> (e.g. a styled NavLink). */
/** Long labels (an organisation's name, an e-mail address) may wrap instead of overflowing. */
const wrapping: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-10 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-2.5 text-base",
  icon: "size-10 shrink-0",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  wrap = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  wrap?: boolean;
  className?: string;
} = {}): string {
  const box = variant === "link" ? "h-auto p-0" : wrap ? wrapping[size] : sizes[size];
  const line = wrap ? "shrink-0 text-start" : "text-center sm:shrink-0 sm:whitespace-nowrap";
  return cn(base, line, variants[variant], box, className);
}

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Let a long label wrap onto several lines. */
  wrap?: boolean;
  /** Render the child element (a link) with button styles: <Button asChild><LocalizedLink/></Button> */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, wrap, asChild, className, type, ...props },
  ref,
) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? "button")}
      className={buttonClasses({ variant, size, wrap, className })}
      {...props}
    />
  );
});
