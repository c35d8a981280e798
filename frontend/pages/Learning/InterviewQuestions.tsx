import { Link } from "@inertiajs/react";

import Card from "@/components/ui/Card";
import ListPage from "@/components/learning/ListPage";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

export default function InterviewQuestions({
  questions,
  pagination,
}: PageProps<"Learning/InterviewQuestions">) {
  const t = useT();
  return (
    <ListPage
      title={t("menu.interview_questions")}
      intro={t("questions.intro")}
      items={questions}
      pagination={pagination}
      empty={{ title: t("questions.empty_title"), text: t("questions.empty_text") }}
      className="space-y-3"
    >
      {(item) => (
        <Card as="li" key={item.id}>
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
        </Card>
      )}
    </ListPage>
  );
}
