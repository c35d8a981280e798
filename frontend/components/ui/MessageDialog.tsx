import type { ReactNode } from "react";

import Button from "@/components/ui/Button";
import Dialog from "@/components/ui/Dialog";
import { useT } from "@/i18n";

interface MessageDialogProps {
  // The message to show; null keeps the dialog closed.
  message: string | null;
  title?: string;
  onClose: () => void;
  // What the dialog says, when it is more than the message itself.
  children?: ReactNode;
}

/** A message the user acknowledges with OK, e.g. the server's answer to a failed form. */
export default function MessageDialog({ message, title, onClose, children }: MessageDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={message !== null}
      title={title ?? t("dialog.error_title")}
      onClose={onClose}
      actions={
        <Button onClick={onClose} autoFocus>
          {t("dialog.ok")}
        </Button>
      }
    >
      {children ?? message}
    </Dialog>
  );
}
