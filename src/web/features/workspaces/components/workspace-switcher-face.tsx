import { Briefcase, ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useWorkspaces } from "~/lib/use-workspaces";

// What the workspace switcher's stand-in trigger (workspace-switcher.tsx) and its Radix menu
// (workspace-switcher-menu.tsx) share, so the stand-in has the final name, size and label.

/** The trigger's text: the current workspace's name, or why there is none. */
export function useSwitcherLabel() {
  const { t } = useTranslation("workspaces");
  const { status, current } = useWorkspaces();
  const label = current?.name ?? (status === "loading" ? t("loading") : t("noWorkspace"));
  return { label, accessibleName: t("switcherLabel", { name: label }) };
}

export function SwitcherFace({ label }: { label: string }) {
  return (
    <>
      <Briefcase aria-hidden="true" />
      <span className="truncate">{label}</span>
      <ChevronDown aria-hidden="true" />
    </>
  );
}
