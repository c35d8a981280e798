import { Link, usePage } from "@inertiajs/react";

import Card from "@/components/ui/Card";
import Glyph from "@/components/ui/Glyph";
import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import ProgressBar from "@/components/ui/ProgressBar";
import ActivityCharts from "@/components/learning/ActivityCharts";
import PageHeading from "@/components/learning/PageHeading";
import { sourceKey } from "@/components/learning/sources";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import { routes } from "@/routes";
import type { CourseCard, PageProps, PathCard } from "@/types/generated";

function PathItem({ path }: { path: PathCard }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <Card as="li">
      <h3 className="text-lg font-bold">{path.title}</h3>
      {path.description ? <p className="mt-1 text-slate-700">{path.description}</p> : null}
      <p className="mt-2 text-sm text-slate-600">
        {t(sourceKey(path.source))} ·{" "}
        {t("courses.received", { date: formatDate(path.granted_at, locale) })}
      </p>
      <div className="mt-3">
        <ProgressBar
          done={path.done_count}
          total={path.lesson_count}
          label={t("courses.progress_of", { title: path.title })}
        />
        <p className="mt-1 text-sm text-slate-700">
          {t("courses.lessons_done", { done: path.done_count, total: path.lesson_count })}
        </p>
      </div>
      {path.courses.length > 0 ? (
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          {path.courses.map((course) => (
            <li key={course.id}>
              <Link href={course.url} className="font-semibold text-blue-800 underline">
                {course.title}
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("courses.path_empty")}</p>
      )}
    </Card>
  );
}

function CourseItem({ course }: { course: CourseCard }) {
  const t = useT();
  return (
    <Card as="li" className="flex flex-col">
      <h3 className="text-lg font-bold">
        <Link href={course.url} className="text-blue-900 hover:underline">
          {course.title}
        </Link>
        {course.is_favourite ? (
          <Glyph symbol="♥" label={t("courses.favourite")} className="ml-2 text-red-700" />
        ) : null}
      </h3>
      {course.description ? (
        <p className="mt-1 line-clamp-3 text-slate-700">{course.description}</p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">{t(sourceKey(course.source))}</p>
      <div className="mt-auto pt-4">
        <ProgressBar
          done={course.done_count}
          total={course.lesson_count}
          label={t("courses.progress_of", { title: course.title })}
        />
        <p className="mt-1 text-sm text-slate-700">
          {t("courses.lessons_done", { done: course.done_count, total: course.lesson_count })}
        </p>
      </div>
    </Card>
  );
}

export default function MyCourses({
  paths,
  courses,
  pagination,
  activity,
}: PageProps<"Learning/MyCourses">) {
  const t = useT();
  const nothing = paths.length === 0 && pagination.total === 0;
  return (
    <>
      <PageHeading title={t("menu.courses")} intro={t("courses.intro")} />
      <div className="mt-6">
        {nothing ? (
          <EmptyState
            title={t("courses.empty_title")}
            text={t("courses.empty_text")}
            action={{ href: routes.vouchers.redeem(), label: t("courses.redeem") }}
          />
        ) : (
          <>
            <ActivityCharts
              activity={activity}
              courses={courses.map((course) => ({
                title: course.title,
                done: course.done_count,
                total: course.lesson_count,
              }))}
              className="mb-10"
            />
            {paths.length > 0 ? (
              <section aria-labelledby="paths-heading" className="mb-10">
                <h2 id="paths-heading" className="mb-4 text-xl font-bold">
                  {t("courses.paths")}
                </h2>
                <ul className="grid gap-4 md:grid-cols-2">
                  {paths.map((path) => (
                    <PathItem key={path.id} path={path} />
                  ))}
                </ul>
              </section>
            ) : null}
            <section aria-labelledby="courses-heading">
              <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="courses-heading" className="text-xl font-bold">
                  {t("courses.courses", { count: pagination.total })}
                </h2>
                <Link
                  href={routes.vouchers.redeem()}
                  className="font-semibold text-blue-800 underline"
                >
                  {t("courses.redeem")}
                </Link>
              </div>
              {courses.length > 0 ? (
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {courses.map((course) => (
                    <CourseItem key={course.id} course={course} />
                  ))}
                </ul>
              ) : (
                <p className="text-slate-700">{t("courses.no_courses")}</p>
              )}
              <Pagination pagination={pagination} />
            </section>
          </>
        )}
      </div>
    </>
  );
}
