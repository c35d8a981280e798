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
 * Escape closes it, and focus returns to where it was. */
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
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
