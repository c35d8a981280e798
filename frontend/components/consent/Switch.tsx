import { useId } from "react";

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  strong?: boolean;
}

/** An on/off switch with its label (and description) read out by screen readers. */
export default function Switch({
  label,
  description,
  checked,
  disabled = false,
  onCheckedChange,
  strong = false,
}: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={labelId} className={strong ? "font-semibold text-slate-900" : "text-slate-900"}>
          {label}
        </span>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-700">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={`relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed ${
          checked ? "border-blue-700 bg-blue-700" : "border-slate-500 bg-white"
        } ${disabled ? "opacity-70" : ""}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full transition ${
            checked ? "translate-x-5 bg-white" : "translate-x-0.5 bg-slate-600"
          }`}
        />
      </button>
    </div>
  );
}
