import { cn } from "~/components/ui/cn";

/**
 * A card's body that waits for data (issue 12, no layout shift): `skeleton` has the shape of the
 * settled content and stays in place, invisible, under it once `ready` (both share one grid
 * cell), so the card keeps at least that size in every language and on every screen. What
 * arrives moves nothing below it; only content taller than the skeleton grows the card.
 */
export function Reserved({
  skeleton,
  ready,
  loadingLabel,
  children,
  className,
}: {
  skeleton: React.ReactNode;
  ready: boolean;
  /** said to screen readers while the data loads */
  loadingLabel: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid", className)}>
      <div aria-hidden="true" className={cn("min-w-0 [grid-area:1/1]", ready && "invisible")}>
        {skeleton}
      </div>
      {ready ? (
        <div className="min-w-0 [grid-area:1/1]">{children}</div>
      ) : (
        <p role="status" className="sr-only [grid-area:1/1]">
          {loadingLabel}
        </p>
      )}
    </div>
  );
}

/** One line of text not there yet: the line's height, a gray bar in it. */
export function Bar({ className, tall = false }: { className?: string; tall?: boolean }) {
  return (
    <span className={cn("flex items-center", tall ? "h-6" : "h-5")}>
      <span className={cn("h-3 animate-pulse rounded bg-stone-200", className)} />
    </span>
  );
}
