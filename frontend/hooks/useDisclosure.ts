import { useCallback, useId, useRef, useState } from "react";

import { useDismiss } from "./useDismiss";

/** A button that shows and hides a panel: the panel closes on an outside press and on
 * Escape (focus going back to the button). Spread `buttonProps` on the button. */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close, button);
  return {
    open,
    setOpen,
    close,
    root,
    panelId,
    buttonProps: { ref: button, "aria-expanded": open, "aria-controls": panelId },
  };
}
