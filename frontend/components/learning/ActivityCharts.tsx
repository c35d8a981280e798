import { lazy } from "react";

import ChartSection from "@/components/charts/ChartSection";
import { useT } from "@/i18n";
import type { DateCount } from "@/types/generated";

// The charts (and Chart.js) load with the page's first render, not with the app: the
// shared entry script lists no chart module, so pages without a chart never pay for one.
const LessonActivityChart = lazy(() =>
  import("@/components/learning/charts").then((m) => ({ default: m.LessonActivityChart })),
);
const CourseProgressChart = lazy(() =>
  import("@/components/learning/charts").then((m) => ({ default: m.CourseProgressChart })),
);

/** A learner's activity: lessons finished per week and, when they own any courses, each
 * course's progress. */
export default function ActivityCharts({
  activity,
  courses,
  className,
}: {
  activity: DateCount[];
  courses: { title: string; done: number; total: number }[];
  className: string;
}) {
  const t = useT();
  return (
    <ChartSection
      id="activity-heading"
      title={t("progress.activity")}
      placeholder="h-64"
      className={className}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <LessonActivityChart activity={activity} />
        {courses.length > 0 ? <CourseProgressChart courses={courses} /> : null}
      </div>
    </ChartSection>
  );
}
