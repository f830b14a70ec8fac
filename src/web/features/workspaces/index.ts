// What other features use of the workspaces feature (the switcher stays on demand).
export { ReceivedInvitationsCard } from "./components/received-invitations-card";
export { gateTextsOf, LoadFailed } from "./components/workspace-gate";
export { WorkspacePage } from "./components/workspace-page";
export { useWorkspaceError } from "./hooks/use-workspace-error";
