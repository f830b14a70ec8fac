import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useLocalizedPath } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { AuthCard, ErrorAlert, Notice } from "~/components/ui/form-parts";
import { PageSpinner } from "~/components/ui/page-spinner";
import { useSession } from "~/lib/use-session";
import { AUTH_REDIRECT_KEY, writeKey } from "~/lib/storage-keys";
import { invitationValidityDays, type InvitationPreview } from "#contracts/workspaces.ts";
import { ApiError } from "~/lib/api-client";
import { acceptInvitation, previewInvitation } from "../api/workspaces-api";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import { useWorkspaces, workspacesQueryKey, type Workspace } from "~/lib/use-workspaces";

/** Spec §9: after joining, /dashboard follows after 2000 ms. */
export const ACCEPTED_REDIRECT_DELAY_MS = 2000;

type State =
  | { kind: "loading" }
  | { kind: "success"; workspace: Workspace }
  | { kind: "member"; workspace: Workspace }
  | { kind: "invalid" }
  | { kind: "error"; message: string };

/** The answers that mean the link itself is dead: unknown, used, cancelled or expired. */
function isDeadLink(caught: unknown): boolean {
  return (
    caught instanceof ApiError &&
    (caught.code === "INVITATION_NOT_FOUND" || caught.code === "INVITATION_EXPIRED")
  );
}

/**
 * Spec §2 "Accept invitation": no token, or a dead one → "not valid or expired" (issue 30);
 * signed out → the address is stored as the post-sign-in destination and the invitation is
 * previewed with sign-up and sign-in; otherwise the token is accepted
 * once: Welcome! and /dashboard after 2000 ms in the joined workspace, "already a member" with
 * a link to the workspace when the link was used before (issue 11), or the error.
 */
export function AcceptInvitationView() {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const { status: session } = useSession();
  const { switchWorkspace } = useWorkspaces();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const token = params.get("token")?.trim() ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });
  const started = useRef<string | null>(null);

  // Signed out: remember this very address (with its token), then say who invited them to
  // what and offer sign-up as well as sign-in (issue 11); both come back here afterwards.
  useEffect(() => {
    if (!token || session !== "signed-out") return;
    writeKey(AUTH_REDIRECT_KEY, `${pathname}${search}`);
  }, [token, session, pathname, search]);

  // Signed in: accept, once per token (effects may run twice in development).
  useEffect(() => {
    if (!token || session !== "signed-in" || started.current === token) return;
    started.current = token;
    setState({ kind: "loading" });
    acceptInvitation(token).then(
      ({ workspace, alreadyMember }) => {
        queryClient.setQueriesData<Workspace[]>({ queryKey: workspacesQueryKey }, (list) =>
          list ? [...list.filter((w) => w.id !== workspace.id), workspace] : list,
        );
        switchWorkspace(workspace.id);
        void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
        // the link opened again after joining (issue 11): say so, no redirect
        setState({ kind: alreadyMember ? "member" : "success", workspace });
      },
      (caught: unknown) =>
        setState(
          isDeadLink(caught)
            ? { kind: "invalid" }
            : { kind: "error", message: describeError(caught, t("accept.failed")) },
        ),
    );
  }, [token, session, queryClient, switchWorkspace, describeError, t]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(
      () => void navigate(to("/dashboard"), { replace: true }),
      ACCEPTED_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [state.kind, navigate, to]);

  const signedOut = session === "signed-out";
  if (!token) return <InvalidInvitation signedOut={signedOut} />;
  if (signedOut) return <SignedOutInvitation token={token} />;
  if (state.kind === "invalid") return <InvalidInvitation signedOut={false} />;
  if (state.kind === "error") {
    return <InvitationError message={state.message} signedOut={signedOut} withToken />;
  }
  if (state.kind === "member") {
    return (
      <AuthCard testId="accept-invitation-page" title={t("accept.alreadyMemberTitle")}>
        <Notice tone="success" testId="accept-invitation-member">
          {t("accept.alreadyMember", { name: state.workspace.name })}
        </Notice>
        <LocalizedLink
          to="/dashboard"
          className={buttonClasses({ className: "mt-6 w-full" })}
          data-testid="open-workspace"
        >
          {t("accept.openWorkspace", { name: state.workspace.name })}
        </LocalizedLink>
      </AuthCard>
    );
  }
  if (state.kind === "success") {
    return (
      <AuthCard testId="accept-invitation-page" title={t("accept.welcome")}>
        <Notice tone="success" testId="accept-invitation-success">
          <span className="flex items-start gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <strong className="block font-semibold">{t("accept.success")}</strong>
              {t("accept.joined", { name: state.workspace.name })}
            </span>
          </span>
        </Notice>
        <LocalizedLink to="/dashboard" className={buttonClasses({ className: "mt-6 w-full" })}>
          {t("accept.goToDashboard")}
        </LocalizedLink>
      </AuthCard>
    );
  }
  return <PageSpinner label={t("accept.loading")} />;
}

type PreviewState =
  | { kind: "loading" }
  | { kind: "ready"; preview: InvitationPreview }
  | { kind: "invalid" }
  | { kind: "error"; message: string };

/** The signed-out invitee: which workspace invited them, by whom, and both ways in. */
function SignedOutInvitation({ token }: { token: string }) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const [state, setState] = useState<PreviewState>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    previewInvitation(token).then(
      (preview) => current && setState({ kind: "ready", preview }),
      (caught: unknown) =>
        current &&
        setState(
          isDeadLink(caught)
            ? { kind: "invalid" }
            : { kind: "error", message: describeError(caught, t("accept.failed")) },
        ),
    );
    return () => {
      current = false;
    };
  }, [token, describeError, t]);

  if (state.kind === "loading") return <PageSpinner label={t("accept.checking")} />;
  if (state.kind === "invalid") return <InvalidInvitation signedOut />;
  if (state.kind === "error") {
    return <InvitationError message={state.message} signedOut withToken />;
  }
  const { workspaceName, inviterName } = state.preview;
  return (
    <AuthCard testId="accept-invitation-page" title={t("accept.invitedTitle")}>
      <p className="text-sm text-muted-foreground" data-testid="accept-invitation-preview">
        {inviterName
          ? t("accept.invitedBy", { inviter: inviterName, name: workspaceName })
          : t("accept.invitedTo", { name: workspaceName })}
      </p>
      <p className="mt-3 text-sm text-muted-foreground">{t("accept.signInOrUp")}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LocalizedLink to="/signup" className={buttonClasses()}>
          {t("accept.signUp")}
        </LocalizedLink>
        <LocalizedLink to="/signin" className={buttonClasses({ variant: "secondary" })}>
          {t("accept.signIn")}
        </LocalizedLink>
      </div>
    </AuthCard>
  );
}

/**
 * A link that leads nowhere (no token, or one that is unknown, used, cancelled or expired):
 * nothing to accept and no reason to sign in for it (issue 30). It says so, what to do (ask for
 * a new invitation), and offers the way on: the dashboard, where a signed-in person's other
 * invitations wait, or the home page.
 */
function InvalidInvitation({ signedOut }: { signedOut: boolean }) {
  const { t } = useTranslation("workspaces");
  return (
    <AuthCard testId="accept-invitation-page" title={t("accept.invalidTitle")}>
      <div data-testid="accept-invitation-invalid" className="space-y-3 text-sm text-stone-700">
        <p>{t("accept.invalidText", { days: invitationValidityDays })}</p>
        <p>{t("accept.invalidNext")}</p>
      </div>
      <LocalizedLink
        to={signedOut ? "/" : "/dashboard"}
        className={buttonClasses({ className: "mt-6 w-full" })}
        data-testid="accept-invitation-way-on"
      >
        {signedOut ? t("accept.goHome") : t("accept.goToDashboard")}
      </LocalizedLink>
    </AuthCard>
  );
}

function InvitationError({
  message,
  signedOut,
  withToken = false,
}: {
  message: string;
  signedOut: boolean;
  /** the address carries a token worth coming back to after signing in */
  withToken?: boolean;
}) {
  const { t } = useTranslation("workspaces");
  const { pathname, search } = useLocation();
  return (
    <AuthCard testId="accept-invitation-page" title={t("accept.errorTitle")}>
      <ErrorAlert testId="accept-invitation-error">{message}</ErrorAlert>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {signedOut && (
          <LocalizedLink
            to="/signin"
            // back here after signing in, as the spec's automatic redirect does
            onClick={() => {
              if (withToken) writeKey(AUTH_REDIRECT_KEY, `${pathname}${search}`);
            }}
            className={buttonClasses()}
          >
            {t("accept.signIn")}
          </LocalizedLink>
        )}
        <LocalizedLink
          to="/dashboard"
          className={buttonClasses({ variant: signedOut ? "secondary" : "primary" })}
        >
          {t("accept.goToDashboard")}
        </LocalizedLink>
      </div>
    </AuthCard>
  );
}
