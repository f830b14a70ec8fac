import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorAlert } from "~/components/ui/alerts";
import { PageSpinner } from "~/components/ui/page-spinner";
import { useWorkspaces, type Workspace } from "~/lib/use-workspaces";

/** The gate's texts: every page has its own words under these keys (history, tracker, calendar). */
const gateTextKeys = [
  "workspacesFailed",
  "noWorkspace",
  "noWorkspaceHelp",
  "noWorkspaceLink",
  "loading",
] as const;
export type GateTextKey = (typeof gateTextKeys)[number];
export type GateTexts = Record<GateTextKey, string>;

/** The gate's texts from a page's translations, one key each. */
export function gateTextsOf(text: (key: GateTextKey) => string): GateTexts {
  return Object.fromEntries(gateTextKeys.map((key) => [key, text(key)])) as GateTexts;
}

/**
 * The body of a page about the current workspace: `children` once there is one; else the
 * workspaces' load error, the no-workspace card (with a link to the workspace settings), or a
 * spinner while they load. Test ids: `<testId>-workspaces-error`, `<testId>-no-workspace`.
 */
export function WorkspaceGate({
  testId,
  texts,
  children,
}: {
  testId: string;
  texts: GateTexts;
  children: (workspace: Workspace) => React.ReactNode;
}) {
  const { status, current } = useWorkspaces();
  if (current) return children(current);
  if (status === "error") {
    return <ErrorAlert testId={`${testId}-workspaces-error`}>{texts.workspacesFailed}</ErrorAlert>;
  }
  if (status === "ready") {
    return (
      <Card data-testid={`${testId}-no-workspace`}>
        <p className="font-semibold text-stone-900">{texts.noWorkspace}</p>
        <p className="mt-1 text-sm leading-6 text-stone-600">{texts.noWorkspaceHelp}</p>
        <LocalizedLink
          to="/workspace-settings"
          className={buttonClasses({ variant: "secondary", className: "mt-4" })}
        >
          {texts.noWorkspaceLink}
        </LocalizedLink>
      </Card>
    );
  }
  return <PageSpinner label={texts.loading} />;
}

/**
 * A workspace's data that failed to load, with a retry. Test ids: `<testId>-error` (the block),
 * `<testId>-load-error` (the alert).
 */
export function LoadFailed({
  testId,
  message,
  retryLabel,
  onRetry,
}: {
  testId: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-4" data-testid={`${testId}-error`}>
      <ErrorAlert testId={`${testId}-load-error`}>{message}</ErrorAlert>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
