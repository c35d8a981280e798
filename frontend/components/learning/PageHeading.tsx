import type { ReactNode } from "react";
import PageHead from "@/components/PageHead";

/** The heading of a page in the learner layout: its title (the document's too) and an
 * optional introduction. */
export default function PageHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <>
      <PageHead title={title} />
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {intro ? <div className="mt-2 max-w-prose text-slate-700">{intro}</div> : null}
    </>
  );
}
