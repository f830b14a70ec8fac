import { WorkspaceSettingsPage } from "~/features/workspaces/components/workspace-settings-page";

export default function Page() {
  return <WorkspaceSettingsPage />;
}
