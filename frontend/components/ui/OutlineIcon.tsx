import type { ReactNode } from "react";

/** A 24 px line icon drawn in the text's colour, hidden from screen readers: the control
 * that shows it names itself. */
export default function OutlineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
