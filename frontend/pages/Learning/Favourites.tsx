import { Link, router, usePage } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import EmptyState from "@/components/ui/EmptyState";
import Pagination from "@/components/ui/Pagination";
import LearnerPage from "@/components/learning/LearnerPage";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import type { PageProps } from "@/types/generated";

export default function Favourites({ favourites, pagination }: PageProps<"Learning/Favourites">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <LearnerPage title={t("menu.favourites")} intro={t("favourites.intro")}>
      {favourites.length === 0 ? (
        <EmptyState
          title={t("favourites.empty_title")}
          text={t("favourites.empty_text")}
          action={{ href: "/platforma/moje_kursy", label: t("menu.courses") }}
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {favourites.map((item) => (
              <li
                key={item.course.id}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h2 className="text-lg font-bold">
                  <Link href={item.course.url} className="text-blue-900 hover:underline">
                    {item.course.title}
                  </Link>
                </h2>
                {item.description ? (
                  <p className="mt-1 line-clamp-3 text-slate-700">{item.description}</p>
                ) : null}
                <p className="mt-2 text-sm text-slate-600">
                  {t("favourites.added", { date: formatDate(item.added_at, locale) })}
                </p>
                <div className="mt-4">
                  <Button
                    variant="secondary"
                    onClick={() => router.post(item.remove_url, {}, { preserveScroll: true })}
                    aria-label={t("favourites.remove_label", { title: item.course.title })}
                  >
                    {t("favourites.remove")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination pagination={pagination} />
        </>
      )}
    </LearnerPage>
  );
}
