import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";

/**
 * One colour, the brand's, whatever the year's state (issue 30: blue on the tracker and green on
 * the dashboard for the same year read as two signals); the state is said in words beside it.
 */
export const progressFill = { stroke: "stroke-brand-600", background: "bg-brand-600" } as const;

export interface ProgressRingProps {
  /** 0–100; rounded, and anything outside is clamped */
  percentage: number;
  /** diameter in px (spec: 120) */
  size?: number;
  /** ring width in px (spec: 8) */
  strokeWidth?: number;
  /** what the progress is of, read by screen readers ("Zakat year progress") */
  label: string;
  /** shown in the middle; the percentage by default */
  children?: React.ReactNode;
  className?: string;
}

/** Spec "Milestone timeline component": a ring of `percentage`. */
export function ProgressRing({
  percentage,
  size = 120,
  strokeWidth = 8,
  label,
  children,
  className,
}: ProgressRingProps) {
  const { t } = useTranslation("tracker");
  const value = clampPercent(percentage);
  const radius = (size - strokeWidth) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={t("ring.label", { percent: value })}
      data-testid="progress-ring"
      className={cn("relative inline-flex shrink-0 items-center justify-center", className)}
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={strokeWidth}
          className="stroke-stone-200"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={strokeWidth}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
          className={cn(progressFill.stroke, "transition-[stroke-dashoffset] duration-500")}
          data-testid="progress-ring-arc"
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-lg font-semibold text-stone-900">
        {children ?? `${value}%`}
      </span>
    </div>
  );
}

export function clampPercent(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.min(100, Math.max(0, Math.round(percentage)));
}
