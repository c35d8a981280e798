import { Link, usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import { menuLabel } from "@/components/shell/menuLabel";
import Glyph from "@/components/ui/Glyph";
import { useT } from "@/i18n";
import type { MenuEntry, PageProps } from "@/types/generated";

const TILE =
  "flex min-h-16 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 font-semibold shadow-sm hover:border-blue-600 hover:shadow focus-visible:outline-2 focus-visible:outline-blue-700";

/** The learner home: the user's name and the learner menu (docs/behaviour.md#learner-area). */
export default function Home(_props: PageProps<"Learning/Home">) {
  const t = useT();
  const { auth, menu } = usePage().props;
  const user = auth.user;

  const tile = (entry: MenuEntry) => (
    <li key={entry.key}>
      {entry.external ? (
        <a href={entry.href} className={TILE}>
          {menuLabel(t, entry)}
        </a>
      ) : (
        <Link href={entry.href} className={TILE}>
          <span>{menuLabel(t, entry)}</span>
          {entry.warning ? (
            <Glyph symbol="⚠" label={t("menu.profile_not_public")} className="text-amber-700" />
          ) : null}
        </Link>
      )}
    </li>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageHead title={t("learner.title")} />
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t("learner.greeting", {
          name: `${user?.first_name ?? ""} ${user?.last_name ?? ""}`.trim(),
        })}
      </h1>
      <p className="mt-2 text-slate-700">{t("learner.intro")}</p>
      <nav aria-label={t("learner.title")} className="mt-8">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(menu?.learner ?? []).map(tile)}
        </ul>
      </nav>
      {menu && menu.areas.length > 0 ? (
        <nav aria-labelledby="learner-areas" className="mt-10">
          <h2 id="learner-areas" className="text-lg font-bold">
            {t("learner.areas")}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{menu.areas.map(tile)}</ul>
        </nav>
      ) : null}
    </section>
  );
}
