import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import {
  invitationValidityDays,
  inviteRequestSchema,
  type WorkspaceRole,
} from "#contracts/workspaces.ts";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { SelectField } from "~/components/ui/select-field";
import { ErrorAlert, Field, Notice, SubmitButton } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { ApiError } from "~/lib/api-client";
import {
  fetchInvitations,
  fetchMembers,
  invitationsQueryKey,
  inviteMember,
  membersQueryKey,
} from "../api/workspaces-api";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import type { Workspace } from "~/lib/use-workspaces";

/** the roles an invitation offers, in the order shown */
const invitableRoles: readonly WorkspaceRole[] = ["member", "owner"];

// the invitation request's own checks (the address trimmed, lower-cased, at most 254 characters)
const schema = inviteRequestSchema.pick({ email: true, role: true });

type Outcome = { email: string; emailSent: boolean };

/**
 * Spec §2/§5 invite form (owners): e-mail required and well-formed, role member (default) or
 * owner, Send disabled while the e-mail is empty or sending. Every address is invited, with or
 * without an account (issue 10): nobody joins before accepting. A failed e-mail keeps the
 * invitation and shows spec §8's warning; too many invitations an hour: RATE_LIMITED; too many
 * e-mails to that address an hour: RECIPIENT_RATE_LIMITED (decision 049).
 */
export function InviteCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const messages = useMemo(
    () => ({
      email: { required: t("settings.emailRequired"), invalid_email: t("settings.emailInvalid") },
    }),
    [t],
  );
  const form = useContractForm({
    schema,
    defaultValues: { email: "", role: "member" },
    messages,
  });
  const [email, role] = form.watch(["email", "role"]);
  const [failure, setFailure] = useState<{
    text: string;
    planLimit: boolean;
    /** the room used when it was refused */
    used: number | undefined;
  } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // the plan's room, said at the button (issue 30): the people beside one owner plus the live
  // invitations count against the limit of this workspace, as the server counts them
  const members = useQuery({
    queryKey: membersQueryKey(workspace.id),
    queryFn: () => fetchMembers(workspace.id),
  });
  const invitations = useQuery({
    queryKey: invitationsQueryKey(workspace.id),
    queryFn: () => fetchInvitations(workspace.id),
  });
  const used =
    members.data && invitations.data
      ? members.data.length - 1 + invitations.data.length
      : undefined;
  const inviteLimitText = (limit: number | undefined) =>
    limit === 0 ? t("settings.inviteNotIncluded") : t("settings.invitePlanLimit");
  const block = usePlanBlock("invitations", { used, reason: inviteLimitText });
  // a refusal is about the attempt: the next action (another address or role, an invitation
  // cancelled or a person removed elsewhere on the page) puts it away (issue 30)
  const error = failure && failure.used === used ? failure : null;

  const invite = useMutation({
    mutationFn: (values: { email: string; role: WorkspaceRole }) =>
      inviteMember(workspace.id, { ...values, language: lang }),
    onSuccess: (answer, values) => {
      form.reset();
      setOutcome({ email: values.email, emailSent: answer.emailSent });
      void queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspace.id) });
      if (answer.emailSent) toast.success(t("settings.invitationSent"));
      else toast.warning(t("settings.emailFailed"));
    },
    onError: (caught) => {
      if (form.applyServerError(caught)) return;
      const planLimit = caught instanceof ApiError && caught.code === "PLAN_LIMIT_REACHED";
      setFailure({
        text: planLimit
          ? inviteLimitText(Number(caught.fields?.limitValue))
          : describeError(caught, t("settings.inviteFailed")),
        planLimit,
        used,
      });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (invite.isPending) return;
    setFailure(null);
    setOutcome(null);
    invite.mutate(values);
  });

  return (
    <Card>
      <section aria-labelledby="workspace-invite">
        <CardTitle as="h2" id="workspace-invite">
          {t("settings.inviteTitle")}
        </CardTitle>
        <CardDescription className="mt-1">
          {t("settings.inviteDescription", { days: invitationValidityDays })}
        </CardDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" data-testid="invite-form">
          {error && (
            <ErrorAlert testId="invite-error">
              <p>{error.text}</p>
              {error.planLimit && (
                <LocalizedLink
                  to="/pricing"
                  className={buttonClasses({ variant: "link", className: "mt-2" })}
                  data-testid="invite-plan-limit-link"
                >
                  {t("settings.seePlans")}
                </LocalizedLink>
              )}
            </ErrorAlert>
          )}
          {outcome && <OutcomeNotice outcome={outcome} />}
          {block && !error && <PlanBlockNote block={block} id="invite-plan-block" />}
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <Field
              id="invite-email"
              data-testid="invite-email"
              label={t("settings.emailLabel")}
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder={t("settings.emailPlaceholder")}
              required
              maxLength={254}
              error={form.fieldError("email")}
              {...form.register("email", {
                onChange: () => {
                  form.clearErrors("email");
                  setFailure(null);
                },
              })}
            />
            <SelectField<WorkspaceRole>
              label={t("settings.roleLabel")}
              value={role ?? "member"}
              options={invitableRoles}
              optionLabel={(option) => t(`roles.${option}`)}
              onChange={(next) => {
                form.setValue("role", next);
                setFailure(null);
              }}
              testId="invite-role"
            />
          </div>
          <SubmitButton
            loading={invite.isPending}
            loadingLabel={t("settings.sending")}
            disabled={!email.trim() || block !== null}
            aria-describedby={block ? "invite-plan-block" : undefined}
            data-testid="invite-submit"
          >
            {t("settings.send")}
          </SubmitButton>
        </form>
      </section>
    </Card>
  );
}

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation("workspaces");
  const values = { email: outcome.email };
  const text = outcome.emailSent
    ? t("settings.invitedTo", values)
    : t("settings.invitedNoEmail", values);
  if (outcome.emailSent) {
    return (
      <Notice tone="success" testId="invite-outcome">
        {text}
      </Notice>
    );
  }
  return (
    <div
      role="status"
      data-testid="invite-outcome"
      className={cn(
        "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900",
      )}
    >
      {text}
    </div>
  );
}
