import { Link } from "@inertiajs/react";

import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import LearnerPage from "@/components/learning/LearnerPage";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

export default function InterviewQuestions({
  questions,
  pagination,
}: PageProps<"Learning/InterviewQuestions">) {
  const t = useT();
  return (
    <LearnerPage title={t("menu.interview_questions")} intro={t("questions.intro")}>
      {questions.length === 0 ? (
        <EmptyState title={t("questions.empty_title")} text={t("questions.empty_text")} />
      ) : (
        <>
          <ul className="space-y-3">
            {questions.map((item) => (
              <li
                key={item.id}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <p className="text-sm text-slate-600">
                  <Link href={item.course.url} className="font-semibold text-blue-800 underline">
                    {item.course.title}
                  </Link>
                </p>
                <details className="mt-2">
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                    {item.question}
                  </summary>
                  <p className="mt-2 whitespace-pre-line text-slate-800">
                    {item.answer || t("questions.no_answer")}
                  </p>
                </details>
              </li>
            ))}
          </ul>
          <Pagination pagination={pagination} />
        </>
      )}
    </LearnerPage>
  );
}
