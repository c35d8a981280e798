import { percent } from "@/lib/format";

/** A labelled progress bar: `label` names what progresses (read by screen readers).
 * The filled part is an SVG shape whose width is an attribute, not a style: the CSP
 * (style-src 'self') drops style attributes from server-rendered HTML, and hydration
 * would never put them back. */
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
      <svg aria-hidden="true" className="block h-full w-full" preserveAspectRatio="none">
        <rect width={`${value}%`} height="100%" rx="5" className="fill-green-700" />
      </svg>
    </div>
  );
}
