import PageHead from "@/components/PageHead";
import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import TableCard from "@/components/ui/TableCard";
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
          <TableCard
            caption={t("author.table")}
            columns={[
              { label: t("author.course") },
              { label: t("author.lessons"), numeric: true },
              { label: t("author.learners"), numeric: true },
            ]}
          >
            {courses.map((item) => (
              <tr key={item.course.id}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {item.course.title}
                </th>
                <td className="px-4 py-3 text-right">{item.lesson_count}</td>
                <td className="px-4 py-3 text-right">{item.learner_count}</td>
              </tr>
            ))}
          </TableCard>
        )}
        <Pagination pagination={pagination} />
      </div>
    </section>
  );
}
