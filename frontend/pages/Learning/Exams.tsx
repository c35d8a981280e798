import { usePage } from "@inertiajs/react";

import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import LearnerPage from "@/components/learning/LearnerPage";
import { sourceKey } from "@/components/learning/sources";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import type { PageProps } from "@/types/generated";

export default function Exams({ exams, pagination }: PageProps<"Learning/Exams">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <LearnerPage title={t("menu.exams")} intro={t("exams.intro")}>
      {exams.length === 0 ? (
        <EmptyState
          title={t("exams.empty_title")}
          text={t("exams.empty_text")}
          action={{ href: "/odbierz_kurs", label: t("courses.redeem") }}
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {exams.map((exam) => (
              <li
                key={exam.id}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h2 className="text-lg font-bold">{exam.title}</h2>
                {exam.description ? (
                  <p className="mt-1 text-slate-700">{exam.description}</p>
                ) : null}
                <p className="mt-2 text-sm text-slate-600">
                  {t(sourceKey(exam.source))} ·{" "}
                  {t("courses.received", { date: formatDate(exam.granted_at, locale) })}
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
