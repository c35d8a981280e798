import PageHead from "@/components/PageHead";
import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

export default function Author({
  courses,
  pagination,
  total_learners,
}: PageProps<"Learning/Author">) {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHead title={t("menu.author_panel")} />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("menu.author_panel")}</h1>
      <p className="mt-2 text-slate-700">
        {t("author.summary", { courses: pagination.total, learners: total_learners })}
      </p>
      <div className="mt-6">
        {courses.length === 0 ? (
          <EmptyState title={t("author.empty_title")} text={t("author.empty_text")} />
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left">
              <caption className="sr-only">{t("author.table")}</caption>
              <thead className="bg-slate-50 text-sm text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t("author.course")}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t("author.lessons")}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t("author.learners")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {courses.map((item) => (
                  <tr key={item.course.id}>
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {item.course.title}
                    </th>
                    <td className="px-4 py-3 text-right">{item.lesson_count}</td>
                    <td className="px-4 py-3 text-right">{item.learner_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination pagination={pagination} />
      </div>
    </section>
  );
}
