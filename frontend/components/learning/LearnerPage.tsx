import type { ReactNode } from "react";

import PageHeading from "@/components/learning/PageHeading";

/** @deprecated The learner menu now comes from LearnerLayout (chosen in main.tsx); pages
 * render `<PageHeading>` and their content. Kept, heading only, for the pages that still
 * wrap themselves in it. */
export default function LearnerPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeading title={title} intro={intro} />
      <div className="mt-6">{children}</div>
    </>
  );
}
