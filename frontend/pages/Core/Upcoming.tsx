import { Head, Link } from "@inertiajs/react";

import { useT } from "@/i18n";
import type { UpcomingPageProps } from "@/types/generated";

/** A page whose capability is still being built: it says what will be here. */
export default function Upcoming({ title, description }: UpcomingPageProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-20">
      <Head title={title} />
      <span className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        {t("upcoming.badge")}
      </span>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{description}</p>
      <Link href="/platforma" className="mt-8 inline-block font-semibold text-blue-800 underline">
        {t("upcoming.back")}
      </Link>
    </section>
  );
}
