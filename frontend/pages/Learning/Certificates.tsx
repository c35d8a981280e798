import { Link, usePage } from "@inertiajs/react";

import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import LearnerPage from "@/components/learning/LearnerPage";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import type { PageProps } from "@/types/generated";

export default function Certificates({
  certificates,
  pagination,
}: PageProps<"Learning/Certificates">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <LearnerPage title={t("menu.certificates")} intro={t("certificates.intro")}>
      {certificates.length === 0 ? (
        <EmptyState
          title={t("certificates.empty_title")}
          text={t("certificates.empty_text")}
          action={{ href: "/platforma/moje_kursy", label: t("menu.courses") }}
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {certificates.map((item) => (
              <li
                key={item.id}
                className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 text-slate-900"
              >
                <p className="text-sm font-semibold uppercase tracking-wide text-amber-900">
                  {t("certificates.number", { number: item.number })}
                </p>
                <h2 className="mt-2 text-xl font-bold">{item.participant_name}</h2>
                <p className="mt-1">
                  {t("certificates.completed")}{" "}
                  <Link href={item.course.url} className="font-semibold text-blue-900 underline">
                    {item.course.title}
                  </Link>
                </p>
                <p className="mt-2 text-sm text-slate-700">
                  {t("certificates.issued", { date: formatDate(item.issued_on, locale) })}
                </p>
              </li>
            ))}
          </ul>
          <Pagination pagination={pagination} />
        </>
      )}
    </LearnerPage>
  );
}
