import { percent } from "@/lib/format";

/** A labelled progress bar: `label` names what progresses (read by screen readers). */
export default function ProgressBar({
  done,
  total,
  label,
}: {
  done: number;
  total: number;
  label: string;
}) {
  const value = percent(done, total);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-green-700" style={{ width: `${value}%` }} />
    </div>
  );
}
