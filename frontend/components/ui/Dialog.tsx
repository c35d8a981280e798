import { useEffect, useId, useRef, type ReactNode } from "react";

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  actions: ReactNode;
  role?: "dialog" | "alertdialog";
}

/** A modal on the native <dialog>: the page behind is inert (focus stays inside),
 * Escape closes it, and focus returns to where it was.
 *
 * Escape closes the dialog at once, but its close event reaches the page a moment later.
 * The page is told at once (the cancel event, which comes first): a press of the button
 * that opens the dialog in between, on a busy phone, then opens it again. The close event
 * of a dialog already reported closed, or opened again since, says nothing new. */
export default function Dialog({
  open,
  title,
  children,
  onClose,
  actions,
  role = "alertdialog",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // Closed with Escape, and the page told so already.
  const reported = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      reported.current = false;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={() => {
        reported.current = true;
        onClose();
      }}
      onClose={() => {
        if (ref.current?.open) return;
        if (reported.current) {
          reported.current = false;
          return;
        }
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <div id={bodyId} className="mt-3 text-base text-slate-700">
            {children}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
        </div>
      ) : null}
    </dialog>
  );
}
