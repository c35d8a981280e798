import type { ComponentProps, ReactNode } from "react";

import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import type { PaginationProps } from "@/types/generated";

export interface PagedListProps<T> {
  items: T[];
  pagination: PaginationProps;
  empty: ComponentProps<typeof EmptyState>;
  className?: string;
  children: (item: T) => ReactNode;
}

/** One page of a long list with its previous/next links, or what the list shows while it
 * is empty. Each item renders itself as a list item (often a Card as="li"). */
export default function PagedList<T>({
  items,
  pagination,
  empty,
  className = "grid gap-4 md:grid-cols-2",
  children,
}: PagedListProps<T>) {
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <ul className={className}>{items.map(children)}</ul>
      <Pagination pagination={pagination} />
    </>
  );
}
