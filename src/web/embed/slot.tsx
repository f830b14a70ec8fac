import { cloneElement, forwardRef, isValidElement, type ReactNode } from "react";

// The embed build's stand-in for radix-ui/slot (vite.embed.config.ts aliases it here): the
// shared components use only its Slot (Button's `asChild`), and the embed's budget (70 KB
// gzipped, issue 18) has no room for the package. The child gets the slot's props, its own
// props win, class names are joined, and the ref is passed on.
const Root = forwardRef<unknown, { children?: ReactNode; className?: string }>(function Root(
  { children, ...props },
  ref,
) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const own = children.props;
  const className = [props.className, own.className].filter(Boolean).join(" ") || undefined;
  return cloneElement(children, { ...props, ...own, className, ref });
});

export { Root };
