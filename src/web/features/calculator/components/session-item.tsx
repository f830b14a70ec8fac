import { Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatMoney } from "~/lib/format";
import { formatDate } from "../model/format";
import type { SessionRow } from "../model/session-rows";
import { maxSessionNameLength } from "../model/sessions";

/** One session kept in this browser: its name (or the rename form), state and actions. */
export function SessionItem({
  row,
  lang,
  renaming,
  confirming,
  onRenameChange,
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
  renaming: { value: string; empty: boolean } | null;
  confirming: boolean;
  onRenameChange: (value: string) => void;
  onRenameStart: () => void;
  onRenameSave: (event: React.FormEvent) => void;
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
            <form onSubmit={onRenameSave} noValidate className="flex flex-col gap-2 sm:flex-row">
              <input
                value={renaming.value}
                maxLength={maxSessionNameLength}
                onChange={(event) => onRenameChange(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Escape") {
                    event.preventDefault();
                    onRenameCancel();
                  }
                }}
                aria-label={t("sessions.nameLabel", { name: row.name })}
                aria-invalid={renaming.empty || undefined}
                aria-describedby={renaming.empty ? `${id}-empty` : undefined}
                className="block h-10 w-full min-w-0 rounded-lg border border-stone-300 px-3 text-base text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                data-session-rename-input=""
                data-testid="session-rename-input"
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" className="h-10">
                  {t("sessions.renameSave")}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="h-10"
                  onClick={onRenameCancel}
                >
                  {t("sessions.renameCancel")}
                </Button>
              </div>
              {renaming.empty ? (
                <p id={`${id}-empty`} className="text-sm font-medium text-red-700 sm:sr-only">
                  {t("sessions.nameRequired")}
                </p>
              ) : null}
            </form>
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
