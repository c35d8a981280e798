import { usePage } from "@inertiajs/react";

import ChartCanvas from "@/components/charts/ChartCanvas";
import { useT } from "@/i18n";
import { formatDay, percent } from "@/lib/format";
import type { DateCount, LessonItem } from "@/types/generated";

/** Lessons finished per week over the last 12 weeks (the page's `activity` prop). */
export function LessonActivityChart({ activity }: { activity: DateCount[] }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ChartCanvas
      title={t("charts.activity_title")}
      type="bar"
      labels={activity.map((week) => formatDay(week.date, locale))}
      series={[{ label: t("charts.lessons_done"), data: activity.map((week) => week.count) }]}
      labelHeading={t("charts.week_of")}
    />
  );
}

/** Each course's progress in percent, one bar per course. */
export function CourseProgressChart({
  courses,
}: {
  courses: { title: string; done: number; total: number }[];
}) {
  const t = useT();
  return (
    <ChartCanvas
      title={t("charts.progress_title")}
      type="bar"
      horizontal
      max={100}
      labels={courses.map((course) => course.title)}
      series={[
        {
          label: t("charts.percent"),
          data: courses.map((course) => percent(course.done, course.total)),
        },
      ]}
      labelHeading={t("charts.course")}
      height={Math.max(160, courses.length * 40 + 60)}
    />
  );
}

/** The learner's path through a course: lessons finished in all, day by day. */
export function CoursePathChart({ lessons }: { lessons: LessonItem[] }) {
  const t = useT();
  const locale = usePage().props.locale;
  const perDay = new Map<string, number>();
  for (const lesson of lessons) {
    if (lesson.done_on) perDay.set(lesson.done_on, (perDay.get(lesson.done_on) ?? 0) + 1);
  }
  const days = [...perDay.keys()].sort();
  if (days.length === 0) return <p className="mt-3 text-slate-700">{t("course.path_empty")}</p>;
  const daily = days.map((day) => perDay.get(day)!);
  const cumulative = daily.map((_, index) => daily.slice(0, index + 1).reduce((a, b) => a + b));
  return (
    <ChartCanvas
      title={t("course.path_title", { total: lessons.length })}
      type="line"
      max={lessons.length}
      labels={days.map((day) => formatDay(day, locale))}
      series={[
        { label: t("course.path_that_day"), data: daily },
        { label: t("course.path_in_total"), data: cumulative },
      ]}
      labelHeading={t("charts.day")}
      height={220}
    />
  );
}
