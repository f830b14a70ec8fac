import { useTranslation } from "react-i18next";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { EmbedConfig } from "#contracts/embed.ts";

/** The props of a dialog about one configuration (the add-domain and call-to-action ones). */
export interface ConfigDialogProps {
  config: EmbedConfig;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog that edits one embed configuration: its form is mounted only while the dialog is
 * open, so each opening starts from the configuration as saved. `form` gets `onDone`, which
 * closes the dialog.
 */
export function ConfigFormDialog({
  open,
  onOpenChange,
  title,
  description,
  testId,
  form,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  testId: string;
  form: (onDone: () => void) => React.ReactNode;
}) {
  const { t: tc } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        closeLabel={tc("actions.close")}
        data-testid={testId}
      >
        {open ? form(() => onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  );
}
