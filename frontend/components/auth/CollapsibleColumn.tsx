import { useId, type ReactNode } from "react";

import Card from "@/components/ui/Card";

interface CollapsibleColumnProps {
  heading: string;
  subheading?: string;
  open: boolean;
  onToggle: () => void;
  showLabel: string;
  hideLabel: string;
  children: ReactNode;
}

/** One column of the login page: a heading with a show/hide toggle over its form. */
export default function CollapsibleColumn({
  heading,
  subheading,
  open,
  onToggle,
  showLabel,
  hideLabel,
  children,
}: CollapsibleColumnProps) {
  const bodyId = useId();
  return (
    <Card as="section" className="sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold sm:text-2xl">{heading}</h2>
          {subheading ? <p className="mt-1 font-semibold text-slate-700">{subheading}</p> : null}
        </div>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? hideLabel : showLabel}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 transition-transform ${open ? "rotate-180" : ""}`}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div id={bodyId} hidden={!open} className="mt-6">
        {children}
      </div>
    </Card>
  );
}
