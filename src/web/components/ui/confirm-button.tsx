import { cloneElement, type MouseEvent, type ReactElement } from "react";
import type { ConfirmButtonProps } from "./confirm-dialog";
import { OnDemand, onDemand } from "./on-demand";

export type { ConfirmButtonProps } from "./confirm-dialog";

const confirmDialog = onDemand<ConfirmButtonProps>(() =>
  import("./confirm-dialog").then((m) => m.ConfirmDialogButton),
);

/**
 * A button and its confirmation (Radix AlertDialog, confirm-dialog.tsx: focus moves into the
 * dialog, Escape cancels, focus returns to the button, or to `fallbackFocus` when the button is
 * gone). `onConfirm` runs with the buttons disabled; the dialog closes when it settles (the
 * caller reports a failure).
 *
 * Radix is not part of a page's first load (issue 12, components/ui/on-demand.tsx): until first
 * used, `trigger` itself stands in, with the name and `aria-haspopup` the real one has; pointing
 * at it or focusing it starts the download, a click renders the real one, open, in its place.
 */
export function ConfirmButton(props: ConfirmButtonProps) {
  return (
    <OnDemand
      module={confirmDialog}
      props={props}
      trigger={(intent) => {
        const trigger = props.trigger as ReactElement<{
          onClick?: (event: MouseEvent<HTMLElement>) => void;
        }>;
        return cloneElement(trigger, {
          ...intent,
          "aria-haspopup": "dialog",
          onClick: (event: MouseEvent<HTMLElement>) => {
            trigger.props.onClick?.(event);
            if (event.defaultPrevented) return;
            props.onOpenChange?.(true);
            intent.onClick();
          },
        } as object);
      }}
    />
  );
}
