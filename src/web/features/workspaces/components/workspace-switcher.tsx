import { Button } from "~/components/ui/button";
import { OnDemand, onDemand } from "~/components/ui/on-demand";
import { useSession } from "~/lib/use-session";
import { SwitcherFace, useSwitcherLabel } from "./workspace-switcher-face";

// The menu (Radix) and the create dialog load when first used, not with the session (issue 12):
// until then a button with the same look, name and label stands in for the trigger.
const switcherMenu = onDemand<{ className?: string }>(() =>
  import("./workspace-switcher-menu").then((m) => m.WorkspaceSwitcherMenu),
);

/** The header's workspace switcher (spec §2); the menu is workspace-switcher-menu.tsx. */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { status } = useSession();
  const { label, accessibleName } = useSwitcherLabel();
  if (status !== "signed-in") return null;
  return (
    <OnDemand
      module={switcherMenu}
      props={{ className }}
      trigger={(intent) => (
        <Button
          variant="secondary"
          size="sm"
          className={className ?? "max-w-56"}
          aria-label={accessibleName}
          aria-haspopup="menu"
          data-testid="workspace-switcher"
          {...intent}
        >
          <SwitcherFace label={label} />
        </Button>
      )}
    />
  );
}
