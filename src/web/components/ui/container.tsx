import { cn } from "./cn";

/** Page-width wrapper with the site's horizontal padding. */
export function Container({
  className,
  size = "default",
  ...props
}: React.HTMLAttributes<HTMLDivElement> & { size?: "default" | "narrow" | "wide" }) {
  const width = { narrow: "max-w-3xl", default: "max-w-6xl", wide: "max-w-7xl" }[size];
  return <div className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", width, className)} {...props} />;
}
