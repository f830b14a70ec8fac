import { Pencil, Trash2 } from "lucide-react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { trimmedName } from "#contracts/common.ts";
import type { Language } from "~/app/route-table";
import { useContractForm } from "~/components/form/use-contract-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatMoney } from "~/lib/format";
import { formatDate } from "../model/format";
import type { SessionRow } from "../model/session-rows";
import { maxSessionNameLength } from "../model/sessions";

// A session kept in this browser is named as the contracts name things (non-blank once trimmed,
// common.ts), at most as long as the sessions keep (no request: it stays on this device).
const renameSchema = z.object({ name: trimmedName(maxSessionNameLength) });

/** One session kept in this browser: its name (or the rename form), state and actions. */
export function SessionItem({
  row,
  lang,
  renaming,
  confirming,
  onRenameStart,
  onRenameSave,
  onRenameCancel,
  onOpen,
  onDelete,
  onDeleteConfirm,
  onDeleteCancel,
}: {
  row: SessionRow;
  lang: Language;
  /** its rename form shows */
  renaming: boolean;
  confirming: boolean;
  onRenameStart: () => void;
  /** renames it to `name` (trimmed, not blank) */
  onRenameSave: (name: string) => void;
  onRenameCancel: () => void;
  onOpen: () => void;
  onDelete: () => void;
  onDeleteConfirm: () => void;
  onDeleteCancel: () => void;
}) {
  const { t } = useTranslation("calculator");
  const id = useId();
  const key = { "data-session-id": row.id };

  return (
    <li
      className={cn("py-3", row.current && "bg-brand-50/60 -mx-2 rounded-lg px-2")}
      aria-current={row.current ? "true" : undefined}
      data-testid="session-item"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameForm row={row} onSave={onRenameSave} onCancel={onRenameCancel} />
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold break-words text-stone-900" data-testid="session-name">
                {row.name}
              </p>
              {row.current ? <Badge tone="brand">{t("sessions.current")}</Badge> : null}
              <Badge tone={row.complete ? "success" : "neutral"} data-testid="session-status">
                {row.complete ? t("sessions.complete") : t("sessions.inProgress")}
              </Badge>
            </div>
          )}
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
            <span data-testid="session-updated">
              {t("sessions.updated", { date: formatDate(row.updatedAt, lang) })}
            </span>
            {row.zakatDue ? (
              <span className="font-medium text-stone-900" data-testid="session-zakat">
                {t("sessions.zakatDue", {
                  amount: formatMoney(row.zakatDue.amount, row.zakatDue.currency, lang),
                })}
              </span>
            ) : null}
            {row.savedTo ? <span>{t("sessions.savedToAccount")}</span> : null}
          </p>
        </div>

        {!renaming && !confirming ? (
          <div className="flex shrink-0 flex-wrap items-center gap-1">
            {row.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                onClick={onOpen}
                aria-label={t("sessions.openNamed", { name: row.name })}
                {...key}
                data-action="open"
                data-testid="session-open"
              >
                {t("sessions.openAction")}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={onRenameStart}
              aria-label={t("sessions.renameNamed", { name: row.name })}
              {...key}
              data-action="rename"
              data-testid="session-rename"
            >
              <Pencil aria-hidden="true" />
              {t("sessions.rename")}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={onDelete}
              aria-label={t("sessions.deleteNamed", { name: row.name })}
              {...key}
              data-action="delete"
              data-testid="session-delete"
            >
              <Trash2 aria-hidden="true" />
              {t("sessions.delete")}
            </Button>
          </div>
        ) : null}
      </div>

      {confirming ? (
        <div
          role="group"
          aria-labelledby={`${id}-confirm`}
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3"
          data-testid="session-delete-confirm"
        >
          <p id={`${id}-confirm`} className="text-sm text-red-900">
            {row.current
              ? t("sessions.deleteCurrentConfirm", { name: row.name })
              : t("sessions.deleteConfirm", { name: row.name })}
          </p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              size="sm"
              variant="secondary"
              onClick={onDeleteCancel}
              {...key}
              data-action="delete-no"
            >
              {t("sessions.deleteNo")}
            </Button>
            <Button
              size="sm"
              className="bg-red-700 hover:bg-red-800 active:bg-red-900"
              onClick={onDeleteConfirm}
              data-testid="session-delete-yes"
            >
              {t("sessions.deleteYes")}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The session's new name: Enter saves, Escape cancels, a blank one is refused on the field. */
function RenameForm({
  row,
  onSave,
  onCancel,
}: {
  row: SessionRow;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("calculator");
  const id = useId();
  const messages = useMemo(() => ({ name: { required: t("sessions.nameRequired") } }), [t]);
  const form = useContractForm({
    schema: renameSchema,
    defaultValues: { name: row.name },
    messages,
  });
  const refused = form.fieldError("name");
  const submit = form.handleSubmit(({ name }) => onSave(name));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2 sm:flex-row"
    >
      <input
        maxLength={maxSessionNameLength}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          }
        }}
        aria-label={t("sessions.nameLabel", { name: row.name })}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? `${id}-empty` : undefined}
        className="block h-10 w-full min-w-0 rounded-lg border border-stone-300 px-3 text-base text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        data-session-rename-input=""
        data-testid="session-rename-input"
        {...form.register("name")}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="h-10">
          {t("sessions.renameSave")}
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onCancel}>
          {t("sessions.renameCancel")}
        </Button>
      </div>
      {refused ? (
        <p id={`${id}-empty`} className="text-sm font-medium text-red-700 sm:sr-only">
          {refused}
        </p>
      ) : null}
    </form>
  );
}
