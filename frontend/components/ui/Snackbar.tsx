interface SnackbarProps {
  message: string | null;
  closeLabel: string;
  onClose: () => void;
}

/** A short message at the bottom of the screen, announced when it appears; it stays
 * until closed (no time limit to read it) or replaced by the next message. */
export default function Snackbar({ message, closeLabel, onClose }: SnackbarProps) {
  if (!message) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-4">
      <div
        role="alert"
        className="pointer-events-auto flex w-full max-w-md items-start justify-between gap-4 rounded-xl bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-2xl"
      >
        <p className="py-1.5">{message}</p>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <span aria-hidden="true" className="text-xl leading-none">
            ×
          </span>
        </button>
      </div>
    </div>
  );
}
