import { cn } from "../ui/cn";

/** Hawl's mark: a year ring, three quarters gold, on the brand purple. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="9" fill="#80009e" />
      <circle
        cx="16"
        cy="16"
        r="9"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.28"
        strokeWidth="3"
      />
      <path
        d="M16 7a9 9 0 1 1-9 9"
        fill="none"
        stroke="#e9bf3f"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="16" cy="16" r="2.4" fill="#ffffff" />
    </svg>
  );
}

export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-stone-900">{name}</span>
    </span>
  );
}
