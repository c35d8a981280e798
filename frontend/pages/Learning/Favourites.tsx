import { Link, usePage } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import ListPage from "@/components/learning/ListPage";
import MessageDialog from "@/components/ui/MessageDialog";
import { useButtonPost } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

export default function Favourites({ favourites, pagination }: PageProps<"Learning/Favourites">) {
  const t = useT();
  const locale = usePage().props.locale;
  const removing = useButtonPost();
  return (
    <>
      <ListPage
        title={t("menu.favourites")}
        intro={t("favourites.intro")}
        items={favourites}
        pagination={pagination}
        empty={{
          title: t("favourites.empty_title"),
          text: t("favourites.empty_text"),
          action: { href: routes.learning.myCourses(), label: t("menu.courses") },
        }}
      >
        {(item) => (
          <Card as="li" key={item.course.id} className="flex flex-col">
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
                disabled={removing.disabled}
                onClick={() => removing.post(item.remove_url)}
                aria-label={t("favourites.remove_label", { title: item.course.title })}
              >
                {t("favourites.remove")}
              </Button>
            </div>
          </Card>
        )}
      </ListPage>
      <MessageDialog message={removing.failure} onClose={removing.clearFailure} />
    </>
  );
}
