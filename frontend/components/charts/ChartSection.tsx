import { Suspense, type ReactNode } from "react";

/** A section of charts under its heading. The charts are lazy components: until their
 * chunk (and Chart.js) has loaded, a placeholder of `placeholder` height holds their room. */
export default function ChartSection({
  id,
  title,
  placeholder,
  className,
  children,
}: {
  id: string;
  title: string;
  placeholder: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <Suspense fallback={<div className={placeholder} />}>{children}</Suspense>
    </section>
  );
}
