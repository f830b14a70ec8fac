import { useMutation } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Field, SubmitButton } from "~/components/ui/form-parts";
import { renameWorkspaceRequestSchema } from "#contracts/workspaces.ts";
import { useContractForm } from "~/components/form/use-contract-form";
import { renameWorkspace } from "../api/workspaces-api";
import { useWorkspaceError } from "../hooks/use-workspace-error";
import { useWorkspaces, type Workspace } from "~/lib/use-workspaces";

/**
 * The workspace's name (owners edit it in place: Enter saves, Escape cancels; non-blank after
 * trimming) and the person's role in it.
 */
export function WorkspaceNameCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const describeError = useWorkspaceError();
  const { refresh } = useWorkspaces();
  const isOwner = workspace.role === "owner";
  const [editing, setEditing] = useState(false);
  const messages = useMemo(() => ({ name: { required: t("settings.nameRequired") } }), [t]);
  const form = useContractForm({
    schema: renameWorkspaceRequestSchema,
    defaultValues: { name: workspace.name },
    messages,
  });
  const name = form.watch("name");
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus goes into the field when editing starts (autoFocus), back to Edit when it ends.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const rename = useMutation({
    mutationFn: (next: string) => renameWorkspace(workspace.id, next),
    onSuccess: async () => {
      await refresh();
      toast.success(t("settings.updated"));
      setEditing(false);
    },
    onError: (caught) => {
      if (!form.applyServerError(caught))
        setError(describeError(caught, t("settings.updateFailed")));
    },
  });

  function start() {
    form.reset({ name: workspace.name });
    setError(null);
    setEditing(true);
  }

  function cancel() {
    if (rename.isPending) return;
    setEditing(false);
    setError(null);
  }

  const onSubmit = form.handleSubmit(({ name: next }) => {
    if (next === workspace.name) {
      setEditing(false);
      return;
    }
    setError(null);
    rename.mutate(next);
  });

  return (
    <Card>
      <section aria-labelledby="workspace-general">
        <CardTitle as="h2" id="workspace-general">
          {t("settings.generalTitle")}
        </CardTitle>
        {editing ? (
          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-3" data-testid="rename-form">
            <Field
              id="workspace-rename"
              // opened by the Edit button: typing starts at once
              autoFocus
              onFocus={(e) => e.currentTarget.select()}
              data-testid="workspace-rename-input"
              label={t("nameLabel")}
              required
              maxLength={100}
              autoComplete="off"
              error={form.fieldError("name") ?? error}
              hint={t("settings.renameHint")}
              {...form.register("name")}
              onKeyDown={(e) => {
                if (e.key === "Escape") {
                  e.preventDefault();
                  cancel();
                }
              }}
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton
                size="sm"
                loading={rename.isPending}
                loadingLabel={t("settings.saving")}
                disabled={!name.trim()}
                data-testid="workspace-rename-save"
              >
                {t("settings.save")}
              </SubmitButton>
              <Button variant="secondary" size="sm" onClick={cancel} disabled={rename.isPending}>
                {t("settings.cancel")}
              </Button>
            </div>
          </form>
        ) : null}
        <dl className="mt-4 space-y-4 text-sm">
          {!editing && (
            <div>
              <dt className="text-stone-500">{t("nameLabel")}</dt>
              <dd className="mt-1 flex items-start gap-2">
                <span
                  className="min-w-0 text-lg font-semibold break-words text-stone-900"
                  data-testid="workspace-settings-name"
                >
                  {workspace.name}
                </span>
                {isOwner && (
                  <Button
                    ref={editButton}
                    variant="ghost"
                    size="icon"
                    className="-mt-1.5 size-9"
                    aria-label={t("settings.editName")}
                    title={t("settings.editName")}
                    onClick={start}
                    data-testid="workspace-rename"
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-stone-500">{t("settings.yourRole")}</dt>
            <dd className="mt-1">
              <Badge tone={isOwner ? "gold" : "neutral"} data-testid="workspace-settings-role">
                {t(`roles.${workspace.role}`)}
              </Badge>
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}
