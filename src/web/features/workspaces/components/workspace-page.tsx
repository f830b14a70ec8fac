import { Container } from "~/components/ui/container";
import { useWorkspaceFromAddress } from "../hooks/use-workspace-from-address";
import { useWorkspaces, type Workspace } from "~/lib/use-workspaces";
import { WorkspaceGate } from "./workspace-gate";

/**
 * The frame of a page about the current workspace (history, nisab tracker, calendar): an
 * optional line above the heading (a back link), the heading and subtitle with the workspace's
 * name under them and optional actions beside them, then the body once there is a workspace
 * (WorkspaceGate: its load error, the no-workspace card or a spinner before). A link may name
 * the workspace (`?workspace=<id>`, useWorkspaceFromAddress). Test ids:
 * `<testId>-page`, `<testId>-workspace`, and the gate's.
 */
export function WorkspacePage({
  testId,
  title,
  subtitle,
  workspaceLine,
  above,
  actions,
  gateTexts,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  /** the line naming the current workspace ("Workspace: {{name}}") */
  workspaceLine: (name: string) => string;
  above?: React.ReactNode;
  actions?: React.ReactNode;
  gateTexts: React.ComponentProps<typeof WorkspaceGate>["texts"];
  children: (workspace: Workspace) => React.ReactNode;
}) {
  const { current } = useWorkspaces();
  useWorkspaceFromAddress();
  return (
    <Container className="py-8 sm:py-12" data-testid={`${testId}-page`}>
      {above}
      <div
        className={
          above
            ? "mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
            : "flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
        }
      >
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-stone-600">{subtitle}</p>
          {current && (
            <p className="mt-1 text-sm text-stone-500" data-testid={`${testId}-workspace`}>
              {workspaceLine(current.name)}
            </p>
          )}
        </div>
        {actions}
      </div>
      <div className="mt-8">
        <WorkspaceGate testId={testId} texts={gateTexts}>
          {children}
        </WorkspaceGate>
      </div>
    </Container>
  );
}
