import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createWorkspaceRequestSchema } from "#contracts/workspaces.ts";
import { useContractForm } from "~/components/form/use-contract-form";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useErrorMessage } from "~/lib/error-message";
import { planUsageQueryKey } from "~/features/profile";
import { ApiError } from "~/lib/api-client";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { useWorkspaces } from "~/lib/use-workspaces";

/** Spec §2 "Workspace switcher" dialog: a required, non-blank name; creates and switches. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes when the dialog closes (it is opened from a menu that is gone by then). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation("workspaces");
  const describeError = useErrorMessage();
  const { createWorkspace } = useWorkspaces();
  const form = useContractForm({
    schema: createWorkspaceRequestSchema,
    defaultValues: { name: "" },
  });
  const [error, setError] = useState<{ text: string; planLimit: boolean } | null>(null);
  const trimmed = form.watch("name").trim();
  // the plan's room, said at the button before anything is typed (issue 30)
  const queryClient = useQueryClient();
  const block = usePlanBlock("workspaces", { enabled: open, reason: () => t("planLimit") });

  function change(next: boolean) {
    if (!next) {
      form.reset();
      setError(null);
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await createWorkspace(name);
      void queryClient.invalidateQueries({ queryKey: planUsageQueryKey });
      change(false);
    } catch (caught) {
      if (form.applyServerError(caught)) return;
      const planLimit = caught instanceof ApiError && caught.code === "PLAN_LIMIT_REACHED";
      setError({
        text: planLimit ? t("planLimit") : describeError(caught, t("createFailed")),
        planLimit,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={t("createTitle")}
        description={t("createDescription")}
        data-testid="create-workspace-dialog"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          {error && (
            <ErrorAlert testId="create-workspace-error">
              <p>{error.text}</p>
              {error.planLimit && (
                <LocalizedLink
                  to="/pricing"
                  onClick={() => change(false)}
                  className={buttonClasses({ variant: "link", className: "mt-2" })}
                  data-testid="plan-limit-pricing-link"
                >
                  {t("seePlans")}
                </LocalizedLink>
              )}
            </ErrorAlert>
          )}
          {block && !error && (
            <PlanBlockNote
              block={block}
              id="create-workspace-plan-block"
              onNavigate={() => change(false)}
            />
          )}
          <Field
            id="workspace-name"
            data-testid="workspace-name"
            label={t("nameLabel")}
            placeholder={t("namePlaceholder")}
            required
            maxLength={100}
            autoComplete="off"
            error={form.fieldError("name")}
            {...form.register("name")}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t("cancel")}</Button>
            </DialogClose>
            <SubmitButton
              loading={form.formState.isSubmitting}
              loadingLabel={t("creating")}
              disabled={!trimmed || block !== null}
              aria-describedby={block ? "create-workspace-plan-block" : undefined}
              data-testid="create-workspace-submit"
            >
              {t("create")}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
