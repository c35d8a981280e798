import { useEffect, useRef, type ReactNode } from "react";

import Button from "@/components/ui/Button";
import Dialog from "@/components/ui/Dialog";
import { useT } from "@/i18n";

interface ConfirmDialogProps<Item> {
  // What the confirmation is about; null keeps the dialog closed.
  item: Item | null;
  title: string;
  confirmLabel: string;
  onConfirm: (item: Item) => void;
  // Must set `item` to null: the dialog closes, and only then is the action run.
  onClose: () => void;
  children: ReactNode;
}

/** "Are you sure?" before a removal, with Cancel (focused) and the action in red. The
 * action runs once the dialog has closed and handed the focus back to the button that
 * opened it, so that button, disabled while the action is sent, keeps the focus
 * (components/ui/Button.tsx) instead of dropping it to the page. */
export default function ConfirmDialog<Item>({
  item,
  title,
  confirmLabel,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps<Item>) {
  const t = useT();
  // Kept until the dialog's close event: by then the page has already forgotten the item.
  const confirmed = useRef<Item | null>(null);
  useEffect(() => {
    // A dialog opened afresh starts unconfirmed.
    if (item !== null) confirmed.current = null;
  }, [item]);
  return (
    <Dialog
      open={item !== null}
      title={title}
      onClose={() => {
        onClose();
        const chosen = confirmed.current;
        confirmed.current = null;
        if (chosen !== null) onConfirm(chosen);
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            {t("common.cancel")}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              confirmed.current = item;
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
