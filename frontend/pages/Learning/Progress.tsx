import { Link } from "@inertiajs/react";

import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import ProgressBar from "@/components/ui/ProgressBar";
import ActivityCharts from "@/components/learning/ActivityCharts";
import PageHeading from "@/components/learning/PageHeading";
import { useT } from "@/i18n";
import { percent } from "@/lib/format";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

export default function Progress({
  courses,
  pagination,
  activity,
}: PageProps<"Learning/Progress">) {
  const t = useT();
  return (
    <>
      <PageHeading title={t("menu.progress")} intro={t("progress.intro")} />
      <div className="mt-6">
        {courses.length === 0 ? (
          <EmptyState
            title={t("courses.empty_title")}
            text={t("courses.empty_text")}
            action={{ href: routes.vouchers.redeem(), label: t("courses.redeem") }}
          />
        ) : (
          <>
            <ActivityCharts
              activity={activity}
              courses={courses.map((item) => ({
                title: item.course.title,
                done: item.done_count,
                total: item.lesson_count,
              }))}
              className="mb-8"
            />
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {courses.map((item) => (
                <li
                  key={item.course.id}
                  className="grid gap-2 p-4 sm:grid-cols-[1fr_16rem] sm:items-center"
                >
                  <div>
                    <Link href={item.course.url} className="font-semibold text-blue-900 underline">
                      {item.course.title}
                    </Link>
                    {item.has_certificate ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("progress.certificate")}
                      </span>
                    ) : null}
                  </div>
                  <div>
                    <ProgressBar
                      done={item.done_count}
                      total={item.lesson_count}
                      label={t("courses.progress_of", { title: item.course.title })}
                    />
                    <p className="mt-1 text-sm text-slate-700">
                      {t("progress.summary", {
                        percent: percent(item.done_count, item.lesson_count),
                        done: item.done_count,
                        total: item.lesson_count,
                      })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination pagination={pagination} />
          </>
        )}
      </div>
    </>
  );
}
