import { useId, type ReactNode } from "react";

interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

interface TableCardProps {
  /** Names the table and the region that scrolls it (read by screen readers only). */
  caption: string;
  columns: Column[];
  /** The body's rows. */
  children: ReactNode;
  /** Where the card stands (margins). */
  className?: string;
  /** Smaller text, for tables of many columns. */
  dense?: boolean;
}

/** A table in a white card. On a narrow screen the card scrolls the table sideways: the
 * scrolling region is reachable with Tab and named by the caption, so it can be scrolled
 * from the keyboard and is announced (WCAG 2.1.1; axe "scrollable-region-focusable"). */
export default function TableCard({
  caption,
  columns,
  children,
  className = "",
  dense = false,
}: TableCardProps) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${className}`}
    >
      <table className={`w-full text-left ${dense ? "text-sm" : ""}`}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-sm text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-3 ${column.numeric ? "text-right" : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
