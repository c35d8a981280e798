import type { ReactNode } from "react";

import PagedList, { type PagedListProps } from "@/components/ui/PagedList";

import PageHeading from "./PageHeading";

/** A learner page that is one long list: its heading, then a page of the list with its
 * previous/next links, or what the list shows while it is empty. */
export default function ListPage<T>({
  title,
  intro,
  ...list
}: { title: string; intro?: ReactNode } & PagedListProps<T>) {
  return (
    <>
      <PageHeading title={title} intro={intro} />
      <div className="mt-6">
        <PagedList {...list} />
      </div>
    </>
  );
}
