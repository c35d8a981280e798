import { Link, useForm, usePage } from "@inertiajs/react";
import { lazy, Suspense } from "react";

import Button from "@/components/ui/Button";
import ProgressBar from "@/components/ui/ProgressBar";
import PageHeading from "@/components/learning/PageHeading";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import { routes } from "@/routes";
import type { LessonItem, PageProps } from "@/types/generated";

// The chart (and Chart.js) loads with the page, never with the app's entry script.
const CoursePathChart = lazy(() =>
  import("@/components/learning/charts").then((m) => ({ default: m.CoursePathChart })),
);

function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function Lesson({
  lesson,
  busy,
  onToggle,
}: {
  lesson: LessonItem;
  busy: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const headingId = `lesson-${lesson.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${lesson.done ? "border-green-300" : "border-slate-200"}`}
    >
      <h3 id={headingId} className="text-lg font-bold">
        <span className="text-slate-600">
          {t("course.lesson_number", { number: lesson.number })}
        </span>{" "}
        {lesson.title}
      </h3>
      {lesson.text ? (
        <p className="mt-3 whitespace-pre-line text-slate-800">{lesson.text}</p>
      ) : null}
      {lesson.video_url && isWebAddress(lesson.video_url) ? (
        <a
          href={lesson.video_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block font-semibold text-blue-800 underline"
        >
          {t("course.video")} <span className="sr-only">{t("course.new_window")}</span>
        </a>
      ) : null}
      <div className="mt-4">
        <Button
          variant={lesson.done ? "secondary" : "primary"}
          aria-pressed={lesson.done}
          disabled={busy}
          onClick={onToggle}
          aria-label={t(lesson.done ? "course.done_label" : "course.mark_done_label", {
            title: lesson.title,
          })}
        >
          {lesson.done ? (
            <>
              <span aria-hidden="true">✓</span> {t("course.done")}
            </>
          ) : (
            t("course.mark_done")
          )}
        </Button>
      </div>
    </li>
  );
}

export default function Course(page: PageProps<"Learning/Course">) {
  const t = useT();
  const locale = usePage().props.locale;
  const done = page.lessons.filter((lesson) => lesson.done).length;
  // The favourite and each lesson's mark post one at a time, each with its own address.
  const { post, disabled: busy } = useFormSubmit(useForm({}), page.favourite_url);

  return (
    <>
      <PageHeading title={page.course.title} intro={page.description} />
      <div className="mt-6">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            aria-pressed={page.is_favourite}
            disabled={busy}
            onClick={() => post({ data: { favourite: !page.is_favourite } })}
          >
            <span aria-hidden="true" className="text-red-700">
              {page.is_favourite ? "♥" : "♡"}
            </span>
            {page.is_favourite ? t("course.favourite_remove") : t("course.favourite_add")}
          </Button>
          <Link href={page.notes_url} className="font-semibold text-blue-800 underline">
            {t("course.notes")}
          </Link>
        </div>
        {page.certificate ? (
          <div
            role="status"
            className="mt-6 rounded-2xl border border-green-300 bg-green-50 p-4 text-green-950"
          >
            {t("course.certificate", {
              number: page.certificate.number,
              date: formatDate(page.certificate.issued_on, locale),
            })}{" "}
            <Link href={routes.learning.certificates()} className="font-semibold underline">
              {t("course.certificates_link")}
            </Link>
          </div>
        ) : null}
        <section aria-labelledby="lessons-heading" className="mt-8">
          <h2 id="lessons-heading" className="text-xl font-bold">
            {t("course.lessons")}
          </h2>
          {page.lessons.length === 0 ? (
            <p className="mt-3 text-slate-700">{t("course.no_lessons")}</p>
          ) : (
            <>
              <div className="mt-3 max-w-md">
                <ProgressBar done={done} total={page.lessons.length} label={t("course.progress")} />
                <p className="mt-1 text-sm text-slate-700">
                  {t("courses.lessons_done", { done, total: page.lessons.length })}
                </p>
              </div>
              <section aria-labelledby="path-heading" className="mt-6 max-w-2xl">
                <h3 id="path-heading" className="text-lg font-bold">
                  {t("course.path_heading")}
                </h3>
                <Suspense fallback={<div className="h-56" />}>
                  <CoursePathChart lessons={page.lessons} />
                </Suspense>
              </section>
              <ol className="mt-5 space-y-4">
                {page.lessons.map((lesson) => (
                  <Lesson
                    key={lesson.id}
                    lesson={lesson}
                    busy={busy}
                    onToggle={() => post({ url: lesson.toggle_url, data: { done: !lesson.done } })}
                  />
                ))}
              </ol>
            </>
          )}
        </section>
      </div>
    </>
  );
}
