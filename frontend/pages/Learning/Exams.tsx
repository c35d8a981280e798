import { usePage } from "@inertiajs/react";

import Card from "@/components/ui/Card";
import ListPage from "@/components/learning/ListPage";
import { sourceKey } from "@/components/learning/sources";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

export default function Exams({ exams, pagination }: PageProps<"Learning/Exams">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ListPage
      title={t("menu.exams")}
      intro={t("exams.intro")}
      items={exams}
      pagination={pagination}
      empty={{
        title: t("exams.empty_title"),
        text: t("exams.empty_text"),
        action: { href: routes.vouchers.redeem(), label: t("courses.redeem") },
      }}
    >
      {(exam) => (
        <Card as="li" key={exam.id}>
          <h2 className="text-lg font-bold">{exam.title}</h2>
          {exam.description ? <p className="mt-1 text-slate-700">{exam.description}</p> : null}
          <p className="mt-2 text-sm text-slate-600">
            {t(sourceKey(exam.source))} ·{" "}
            {t("courses.received", { date: formatDate(exam.granted_at, locale) })}
          </p>
        </Card>
      )}
    </ListPage>
  );
}
