import { Link, usePage } from "@inertiajs/react";

import Card from "@/components/ui/Card";
import ListPage from "@/components/learning/ListPage";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

export default function Certificates({
  certificates,
  pagination,
}: PageProps<"Learning/Certificates">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <ListPage
      title={t("menu.certificates")}
      intro={t("certificates.intro")}
      items={certificates}
      pagination={pagination}
      empty={{
        title: t("certificates.empty_title"),
        text: t("certificates.empty_text"),
        action: { href: routes.learning.myCourses(), label: t("menu.courses") },
      }}
    >
      {(item) => (
        <Card as="li" key={item.id} tone="warning">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-900">
            {t("certificates.number", { number: item.number })}
          </p>
          <h2 className="mt-2 text-xl font-bold">{item.participant_name}</h2>
          <p className="mt-1">
            {t("certificates.completed")}{" "}
            <Link href={item.course.url} className="font-semibold text-blue-900 underline">
              {item.course.title}
            </Link>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {t("certificates.issued", { date: formatDate(item.issued_on, locale) })}
          </p>
        </Card>
      )}
    </ListPage>
  );
}
