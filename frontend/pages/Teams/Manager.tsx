import { Link, useForm } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import EmptyState from "@/components/ui/EmptyState";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { ManagerProps, PageProps } from "@/types/generated";

function NewTeam({ page }: { page: ManagerProps }) {
  const t = useT();
  const form = useForm({ name: "" });
  const fields = useFormFields(form, page.rules);
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.create_url, {
    fields,
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">{t("manager.new_team")}</h2>
        <TextField
          id="team-name"
          label={t("manager.team_name")}
          maxLength={page.rules.name?.max_length}
          {...fields.field("name")}
          required
        />
        <Button type="submit" disabled={disabled}>
          {t("manager.create")}
        </Button>
        <MessageDialog message={failure} onClose={clearFailure} />
      </form>
    </Card>
  );
}

export default function Manager(page: PageProps<"Teams/Manager">) {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHead title={t("menu.manager_panel")} />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("menu.manager_panel")}</h1>
      <p className="mt-2 max-w-prose text-slate-700">{t("manager.intro")}</p>
      <div
        className={`mt-6 grid items-start gap-6 ${page.can_create ? "lg:grid-cols-[1fr_22rem]" : ""}`}
      >
        <section aria-labelledby="teams-heading">
          <h2 id="teams-heading" className="mb-4 text-xl font-bold">
            {t("manager.teams")}
          </h2>
          {page.teams.length === 0 ? (
            <EmptyState title={t("manager.empty_title")} text={t("manager.empty_text")} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {page.teams.map((team) => (
                <Card as="li" key={team.id}>
                  <Link href={team.url} className="text-lg font-bold text-blue-900 underline">
                    {team.name}
                  </Link>
                  <p className="mt-2 text-slate-700">
                    {t("manager.counts", {
                      members: team.member_count,
                      pending: team.pending_count,
                    })}
                  </p>
                </Card>
              ))}
            </ul>
          )}
        </section>
        {page.can_create ? <NewTeam page={page} /> : null}
      </div>
    </section>
  );
}
