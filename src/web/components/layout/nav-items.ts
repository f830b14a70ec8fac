import {
  CalendarDays,
  Calculator,
  CircleUserRound,
  FileClock,
  HandHeart,
  House,
  LayoutDashboard,
  MoonStar,
  Newspaper,
  Scale,
  Settings,
  Tag,
  type LucideIcon,
} from "lucide-react";
import { BLOG_URL } from "~/app/site";

// The header's links (spec §2 "Header"), shared by the desktop bar and the mobile menu.
export type NavLabel =
  | "home"
  | "dashboard"
  | "calculator"
  | "nisabTracker"
  | "workspaceSettings"
  | "calculatorHistory"
  | "calendar"
  | "donate"
  | "nisabValues"
  | "blog"
  | "pricing"
  | "profile";

export type NavItem =
  | { label: NavLabel; icon: LucideIcon; to: string; end?: boolean }
  | { label: NavLabel; icon: LucideIcon; href: string };

export const signedOutLinks: NavItem[] = [
  { label: "home", icon: House, to: "/", end: true },
  { label: "calculator", icon: Calculator, to: "/calculator" },
  { label: "nisabValues", icon: Scale, to: "/nisab-values" },
  { label: "blog", icon: Newspaper, href: BLOG_URL },
  { label: "pricing", icon: Tag, to: "/pricing" },
  { label: "donate", icon: HandHeart, to: "/donate" },
];

export const signedInLinks: NavItem[] = [
  { label: "dashboard", icon: LayoutDashboard, to: "/dashboard" },
  { label: "calculator", icon: Calculator, to: "/calculator" },
  { label: "nisabTracker", icon: MoonStar, to: "/nisab" },
];

/** The signed-in "Actions" menu. */
export const actionLinks: NavItem[] = [
  { label: "workspaceSettings", icon: Settings, to: "/workspace-settings" },
  { label: "calculatorHistory", icon: FileClock, to: "/calculator-history" },
  { label: "calendar", icon: CalendarDays, to: "/calendar" },
  { label: "donate", icon: HandHeart, to: "/donate" },
  { label: "nisabValues", icon: Scale, to: "/nisab-values" },
  { label: "profile", icon: CircleUserRound, to: "/profile" },
];
