import { Loader2, Save } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { AccountLinks } from "./account-links";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "~/components/ui/dialog";
import { AUTH_REDIRECT_KEY, writeKey } from "~/lib/storage-keys";
import { newIdempotencyKey } from "../api/calculations-api";
import type { Draft } from "../model/draft";
import {
  pendingMigrationFor,
  readPendingMigration,
  writePendingMigration,
} from "../model/migration";
import { loadSession } from "../model/storage";
import {
  defaultCalculationName,
  isCompletedNow,
  toSaveBody,
  type ServerLink,
} from "../model/saved";
import type { SaveResult } from "../hooks/use-server-save";
import { CalculationNameField, SaveError, useCalculationNameForm } from "./calculation-name-field";

export { SaveStatus } from "./save-status";

export interface SaveButtonProps {
  signedIn: boolean;
  /** the current workspace (signed in); null when there is none */
  workspace: { id: string; name: string } | null;
  draft: Draft;
  link: ServerLink | null;
  lang: Language;
  /** saves under `name`; resolves to what it came to (a failure is toasted by the caller) */
  onSave: (name: string, workspaceId: string) => Promise<SaveResult>;
}

/**
 * Save. Guests are told an account is needed (with links to sign up or in, after which the
 * calculation is saved to their account), entries staying in this browser. Signed in: a name (default "Zakat <date>"), then the calculation is saved to the
 * current workspace; it is completed once the results step is reached, a draft until then.
 */
export function SaveButton(props: SaveButtonProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation("calculator");
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="save-calculation">
          <Save aria-hidden="true" />
          {t("save.button")}
        </Button>
      </DialogTrigger>
      {props.signedIn ? (
        <ServerSaveContent {...props} onDone={() => setOpen(false)} />
      ) : (
        <GuestSaveContent draft={props.draft} lang={props.lang} />
      )}
    </Dialog>
  );
}

/**
 * Before sign-up or sign-in from a save prompt: the calculation is kept for the account (spec
 * §4: migrated once signed in, hooks/use-guest-migration.ts), and the calculator is where the
 * person comes back to.
 */
export function keepCalculationForAccount(draft: Draft, lang: Language, namePrefix: string) {
  // already saved to an account (its session ended since): signing in again continues it
  const saved = loadSession(lang)?.link ?? null;
  const pending = saved
    ? null
    : pendingMigrationFor(
        draft,
        {
          name: defaultCalculationName(lang, namePrefix),
          isCompleted: isCompletedNow(draft, null),
          idempotencyKey: newIdempotencyKey(),
        },
        readPendingMigration(),
      );
  if (pending) writePendingMigration(pending);
  // after sign-in (or sign-up and verification): back to this calculation
  writeKey(AUTH_REDIRECT_KEY, "/calculator");
}

/**
 * The save-calculation account prompt (spec §2): an account is needed to save. Choosing sign-up
 * or sign-in keeps this calculation for the account (spec §4: migrated once signed in, see
 * hooks/use-guest-migration.ts) and brings the person back to the calculator afterwards.
 */
export function GuestSaveContent({ draft, lang }: { draft: Draft; lang: Language }) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const keepForAccount = () => keepCalculationForAccount(draft, lang, t("save.defaultNamePrefix"));
  return (
    <DialogContent
      title={t("save.accountTitle")}
      description={t("save.accountText")}
      closeLabel={tc("actions.close")}
      data-testid="guest-save-dialog"
    >
      <p className="mt-3 text-sm leading-6 text-stone-600">{t("save.accountMigrate")}</p>
      <DialogFooter className="sm:flex-wrap">
        <DialogClose asChild>
          <Button variant="secondary">{t("save.later")}</Button>
        </DialogClose>
        <AccountLinks onKeep={keepForAccount} />
      </DialogFooter>
    </DialogContent>
  );
}

function ServerSaveContent({
  workspace,
  draft,
  link,
  lang,
  onSave,
  onDone,
}: SaveButtonProps & { onDone: () => void }) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const nameId = useId();
  const errorId = useId();
  const form = useCalculationNameForm(link, lang, workspace?.id ?? null);
  const [failed, setFailed] = useState(false);
  const busy = form.formState.isSubmitting;
  const nameError = form.fieldError("name");
  const error = nameError ?? (failed ? t("save.failed") : null);

  if (!workspace) {
    return (
      <DialogContent
        title={t("save.noWorkspaceTitle")}
        description={t("save.noWorkspaceText")}
        closeLabel={tc("actions.close")}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{tc("actions.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    );
  }

  const completed = isCompletedNow(draft, link);
  const body = toSaveBody(draft, { name: "-", isCompleted: completed });
  const blocked =
    body === "prices"
      ? t("save.needPrices")
      : body === "amounts"
        ? t("save.needAmounts")
        : body === "rates"
          ? t("save.needRates")
          : null;

  const submit = form.handleSubmit(
    async ({ name }) => {
      if (blocked) return;
      setFailed(false);
      const result = await onSave(name, link?.workspaceId ?? workspace.id);
      if (result.ok) onDone();
      // a name the server refused is said under it; anything else as the save's failure
      else if (!form.applyServerError(result.error)) setFailed(true);
    },
    () => setFailed(false),
  );

  return (
    <DialogContent
      title={t("save.title")}
      description={
        link
          ? t("save.linkedText", { name: link.name })
          : t("save.text", { workspace: workspace.name })
      }
      closeLabel={tc("actions.close")}
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-4 space-y-4"
        data-testid="save-form"
      >
        <CalculationNameField
          id={nameId}
          field={form.register("name")}
          invalid={nameError !== undefined}
          errorId={error ? errorId : undefined}
          testId="save-name"
        />
        <p className="text-sm text-stone-600" data-testid="save-completion">
          {completed ? t("save.asCompleted") : t("save.asDraft")}
        </p>
        {blocked ? (
          <p role="status" className="rounded-lg bg-gold-50 p-3 text-sm text-gold-900">
            {blocked}
          </p>
        ) : null}
        <SaveError id={errorId} error={error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{t("save.later")}</Button>
          </DialogClose>
          <Button type="submit" disabled={busy || blocked !== null} data-testid="save-submit">
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy ? t("save.saving") : t("save.submit")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** 409: someone saved a newer version; reload theirs or overwrite it with these entries. */
export function ConflictDialog({
  open,
  version,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  version: number | null;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { t } = useTranslation("calculator");
  return (
    <Dialog open={open}>
      <DialogContent
        title={t("save.conflict.title")}
        description={t("save.conflict.text", { version: version ?? "" })}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        data-testid="conflict-dialog"
      >
        <DialogFooter>
          <Button variant="secondary" onClick={onReload} data-testid="conflict-reload">
            {t("save.conflict.reload")}
          </Button>
          <Button onClick={onOverwrite} data-testid="conflict-overwrite">
            {t("save.conflict.overwrite")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
