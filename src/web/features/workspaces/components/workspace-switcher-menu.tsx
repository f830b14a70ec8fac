import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from "~/components/ui/dropdown-menu";
import { useSession } from "~/lib/use-session";
import { useWorkspaces } from "~/lib/use-workspaces";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import { SwitcherFace, useSwitcherLabel } from "./workspace-switcher-face";

/**
 * The header's workspace switcher (spec §2): list, (Owner) marks, current mark, create. Loaded
 * when first opened (workspace-switcher.tsx).
 */
export function WorkspaceSwitcherMenu({
  className,
  defaultOpen,
}: {
  className?: string;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation("workspaces");
  const { status: sessionStatus } = useSession();
  const { status, workspaces, current, switchWorkspace } = useWorkspaces();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstItem = useFocusFirstItemOnOpen(defaultOpen);

  const { label, accessibleName } = useSwitcherLabel();

  if (sessionStatus !== "signed-in") return null;

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="secondary"
            size="sm"
            className={className ?? "max-w-56"}
            aria-label={accessibleName}
            data-testid="workspace-switcher"
          >
            <SwitcherFace label={label} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          data-testid="workspace-switcher-menu"
          className="max-w-80"
          onFocus={focusFirstItem}
        >
          <DropdownMenuLabel>{t("workspaces")}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={current?.id ?? ""} onValueChange={switchWorkspace}>
            {workspaces.map((w) => (
              <DropdownMenuRadioItem
                key={w.id}
                value={w.id}
                data-testid="workspace-option"
                data-current={w.id === current?.id ? "true" : undefined}
              >
                <span className="truncate">{w.name}</span>
                {w.role === "owner" && (
                  <span className="ms-auto text-xs text-stone-500">{t("ownerMark")}</span>
                )}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          {workspaces.length === 0 && (
            <p className="px-3 py-2 text-stone-500">
              {status === "loading" ? t("loading") : t("noWorkspace")}
            </p>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem data-testid="create-workspace" onSelect={() => setDialogOpen(true)}>
            <Plus aria-hidden="true" />
            {t("createTitle")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateWorkspaceDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        returnFocusTo={triggerRef}
      />
    </>
  );
}
