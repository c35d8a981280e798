import { Link, usePage } from "@inertiajs/react";

import Card from "@/components/ui/Card";
import EmptyState from "@/components/ui/EmptyState";
import PageHeading from "@/components/learning/PageHeading";
import { useT } from "@/i18n";
import { formatDate } from "@/lib/format";
import type { PageProps } from "@/types/generated";

// Besides its own area, the page shows texts of the learning area.
export const catalogues = ["learning"];

export default function Student({ teams }: PageProps<"Teams/Student">) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <>
      <PageHeading title={t("menu.team")} />
      <div className="mt-6">
        {teams.length === 0 ? (
          <EmptyState title={t("student.empty_title")} text={t("student.empty_text")} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {teams.map((team) => (
              <Card as="li" key={team.id}>
                <h2 className="text-xl font-bold">{team.name}</h2>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
                  <dt className="font-semibold">{t("student.managers")}</dt>
                  <dd>{team.managers.length > 0 ? team.managers.join(", ") : "—"}</dd>
                  <dt className="font-semibold">{t("student.members")}</dt>
                  <dd>{team.member_count}</dd>
                  <dt className="font-semibold">{t("student.joined")}</dt>
                  <dd>{formatDate(team.joined_at, locale)}</dd>
                </dl>
                {team.courses.length > 0 ? (
                  <>
                    <h3 className="mt-4 font-semibold">{t("student.courses")}</h3>
                    <ul className="mt-1 list-disc space-y-1 pl-6">
                      {team.courses.map((course) => (
                        <li key={course.id}>
                          <Link href={course.url} className="text-blue-800 underline">
                            {course.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </Card>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
