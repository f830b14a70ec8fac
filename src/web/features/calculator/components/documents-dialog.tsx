import { ClipboardList } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssetCategory, LiabilityType } from "#domain/zakat/input.ts";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import type { Draft } from "../model/draft";
import type { ServerLink } from "../model/saved";
import { setDocumentTicked } from "../model/sessions";
import { readSessionStore, writeSessionStore } from "../model/sessions-storage";
import { useDefaultSessionName } from "../hooks/use-session-manager";

/** Each document and the categories it serves (spec §2 "documents list"). */
const documents = [
  { id: "bankStatements", assets: ["cash"] },
  { id: "cashCount", assets: ["cash"] },
  { id: "goldSilver", assets: ["goldAndSilver"] },
  { id: "loansGiven", assets: ["moneyOwedToMe"] },
  { id: "portfolio", assets: ["sharesCrypto"] },
  { id: "crypto", assets: ["sharesCrypto"] },
  { id: "businessStock", assets: ["businessAssets"] },
  { id: "receivables", assets: ["businessAssets"] },
  { id: "loanStatements", liabilities: ["mortgage", "personalLoans"] },
  { id: "cardStatements", liabilities: ["creditCard", "overdraft"] },
  { id: "bills", liabilities: ["utilityBills"] },
  { id: "businessDebts", liabilities: ["businessLiabilities"] },
] as const satisfies readonly {
  id: string;
  assets?: readonly AssetCategory[];
  liabilities?: readonly LiabilityType[];
}[];

export type DocumentId = (typeof documents)[number]["id"];

/** The documents of the chosen categories; every one when nothing is chosen yet. */
export function documentsFor(draft: Pick<Draft, "assetSelection" | "liabilitySelection">): {
  ids: DocumentId[];
  filtered: boolean;
} {
  const chosen = (doc: (typeof documents)[number]) =>
    ("assets" in doc && doc.assets.some((a) => draft.assetSelection[a])) ||
    ("liabilities" in doc && doc.liabilities.some((l) => draft.liabilitySelection[l]));
  const picked = documents.filter(chosen);
  return picked.length === 0
    ? { ids: documents.map((d) => d.id), filtered: false }
    : { ids: picked.map((d) => d.id), filtered: true };
}

/**
 * "Documents to gather": a checklist of what to have at hand, for the categories chosen in the
 * draft. The ticks belong to the session: they are kept with its name in zakat_saved_sessions
 * (model/sessions.ts), so they follow it when another session is opened, and are cleared on
 * sign-out with the other calculator keys.
 */
export function DocumentsButton({
  draft,
  link,
  lang,
  defaultOpen,
}: {
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  /** rendered by its stand-in's click (dialogs-on-demand.tsx): opens at once */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const defaultName = useDefaultSessionName(lang, link);
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const { ids, filtered } = documentsFor(draft);
  const done = ids.filter((id) => ticked.includes(id)).length;
  const baseId = useId();

  const onOpenChange = (next: boolean) => {
    if (next) setTicked(readSessionStore(lang).current?.documents ?? []);
    setOpen(next);
  };
  // opened as a click on the trigger would (the ticks read from storage)
  useEffect(() => {
    if (defaultOpen) onOpenChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const toggle = (id: DocumentId, checked: boolean) => {
    const store = setDocumentTicked(
      readSessionStore(lang),
      id,
      checked,
      defaultName(),
      new Date().toISOString(),
    );
    // shown either way; remembered when the browser lets us
    writeSessionStore(store);
    setTicked(store.current?.documents ?? []);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="open-documents">
          <ClipboardList aria-hidden="true" />
          {t("documents.open")}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t("documents.title")}
        description={t("documents.description")}
        closeLabel={tc("actions.close")}
        className="max-w-lg"
        data-testid="documents-dialog"
      >
        <div className="mt-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <p className="text-stone-600">
            {filtered ? t("documents.filtered") : t("documents.all")}
          </p>
          <p
            aria-live="polite"
            className="font-medium text-stone-900"
            data-testid="documents-progress"
          >
            {t("documents.progress", { done, total: ids.length })}
          </p>
        </div>
        <ul aria-label={t("documents.listLabel")} className="mt-3 space-y-2">
          {ids.map((id) => {
            const inputId = `${baseId}-${id}`;
            return (
              <li key={id}>
                <label
                  htmlFor={inputId}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300"
                  data-testid="document-item"
                >
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={ticked.includes(id)}
                    onChange={(event) => toggle(id, event.target.checked)}
                    aria-labelledby={`${inputId}-label`}
                    aria-describedby={`${inputId}-hint`}
                    className="mt-1 size-4 shrink-0 accent-brand-700"
                  />
                  <span>
                    <span id={`${inputId}-label`} className="block font-medium text-stone-900">
                      {t(`documents.items.${id}.label`)}
                    </span>
                    <span id={`${inputId}-hint`} className="mt-0.5 block text-sm text-stone-600">
                      {t(`documents.items.${id}.hint`)}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary" className="w-full sm:w-auto">
              {t("documents.done")}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
