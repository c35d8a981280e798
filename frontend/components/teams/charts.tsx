import { usePage } from "@inertiajs/react";

import ChartCanvas from "@/components/charts/ChartCanvas";
import { useT } from "@/i18n";
import { formatDay } from "@/lib/format";
import type { DateCount, TeamProgressChart } from "@/types/generated";

/** One bar per member, stacked by course: the lessons each has finished in each course. */
export function MemberProgressChart({ progress }: { progress: TeamProgressChart }) {
  const t = useT();
  const total = progress.courses.reduce((sum, course) => sum + course.lesson_count, 0);
  return (
    <ChartCanvas
      title={t("team.chart_progress", { total })}
      type="bar"
      horizontal
      stacked
      max={total || undefined}
      labels={progress.members.map((member) => member.name)}
      series={progress.courses.map((course, index) => ({
        label: course.title,
        data: progress.members.map((member) => member.done[index] ?? 0),
      }))}
      labelHeading={t("team.chart_member")}
      height={Math.max(200, progress.members.length * 36 + 90)}
    />
  );
}

/** Lessons the team's members finished per week over the last 12 weeks. */
export function TeamActivityChart({ activity }: { activity: DateCount[] }) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ChartCanvas
      title={t("team.chart_activity")}
      type="bar"
      labels={activity.map((week) => formatDay(week.date, locale))}
      series={[{ label: t("team.chart_lessons"), data: activity.map((week) => week.count) }]}
      labelHeading={t("team.chart_week_of")}
    />
  );
}
