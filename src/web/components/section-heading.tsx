import { cn } from "./ui/cn";

/** Kicker, title and optional subtitle of a page section. */
export function SectionHeading({
  kicker,
  title,
  subtitle,
  align = "center",
  as: Heading = "h2",
  id,
  className,
}: {
  kicker?: React.ReactNode;
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {kicker ? (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{kicker}</p>
      ) : null}
      <Heading
        id={id}
        className={cn(
          "mt-2 font-semibold tracking-tight text-balance text-stone-900",
          Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {subtitle ? (
        <p className="mt-4 text-lg leading-8 text-pretty text-stone-600">{subtitle}</p>
      ) : null}
    </div>
  );
}
