import { Link, useForm, usePage } from "@inertiajs/react";
import { lazy, Suspense, useState } from "react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import ConfirmDialog from "@/components/ui/ConfirmDialog";
import MessageDialog from "@/components/ui/MessageDialog";
import Pagination from "@/components/ui/Pagination";
import ProgressBar from "@/components/ui/ProgressBar";
import TextArea from "@/components/ui/TextArea";
import { useButtonPost, useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDate, formatDateTime, percent } from "@/lib/format";
import type { InvitationRow, ManagerTeamProps, PageProps } from "@/types/generated";

function InviteForm({ page }: { page: ManagerTeamProps }) {
  const t = useT();
  const form = useForm({ emails: "" });
  // The addresses are checked by the server alone (a list, each address, the quotas).
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.invite_url, {
    ready: form.data.emails.trim() !== "",
    onStay: () => form.reset(),
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">{t("team.invite")}</h2>
        <TextArea
          id="invite-emails"
          label={t("team.emails")}
          rows={5}
          value={form.data.emails}
          onValueChange={(value) => {
            form.setData("emails", value);
            form.clearErrors("emails");
          }}
          error={form.errors.emails}
          hint={t("team.emails_hint", { max: page.max_emails })}
          required
        />
        <Button type="submit" disabled={disabled}>
          {t("team.send")}
        </Button>
        <MessageDialog message={failure} onClose={clearFailure} />
      </form>
    </Card>
  );
}

function Invitation({
  row,
  onResend,
  onRevoke,
  busy,
}: {
  row: InvitationRow;
  onResend: () => void;
  onRevoke: () => void;
  busy: boolean;
}) {
  const t = useT();
  const locale = usePage().props.locale;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold break-all">{row.email}</p>
        <p className="text-sm text-slate-700">
          {t("team.sent", {
            date: formatDateTime(row.last_sent_at, locale),
            count: row.sent_count,
          })}{" "}
          {row.expired ? (
            <span className="font-semibold text-red-700">{t("team.expired")}</span>
          ) : (
            t("team.expires", { date: formatDate(row.expires_at, locale) })
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={onResend}
          aria-label={t("team.resend_label", { email: row.email })}
        >
          {t("team.resend")}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={onRevoke}
          aria-label={t("team.revoke_label", { email: row.email })}
        >
          {t("team.revoke")}
        </Button>
      </div>
    </li>
  );
}

// The charts (and Chart.js) load with this page, never with the app's entry script.
const MemberProgressChart = lazy(() =>
  import("@/components/teams/charts").then((m) => ({ default: m.MemberProgressChart })),
);
const TeamActivityChart = lazy(() =>
  import("@/components/teams/charts").then((m) => ({ default: m.TeamActivityChart })),
);

function TeamProgress({ page }: { page: ManagerTeamProps }) {
  const t = useT();
  return (
    <section aria-labelledby="progress-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-heading" className="text-xl font-bold">
          {t("team.progress_heading")}
        </h2>
        <a href={page.progress_csv_url} download className="font-semibold text-blue-800 underline">
          {t("team.csv")}
        </a>
      </div>
      <Suspense fallback={<div className="h-64" />}>
        <div className="mt-3 grid gap-6">
          {page.progress.members.length > 0 && page.progress.courses.length > 0 ? (
            <MemberProgressChart progress={page.progress} />
          ) : null}
          <TeamActivityChart activity={page.activity} />
        </div>
      </Suspense>
      <h3 className="mt-6 text-lg font-bold">
        {t("team.not_started", { count: page.not_started.length })}
      </h3>
      {page.not_started.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("team.all_started")}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {page.not_started.map((member) => (
            <li key={member.id}>
              <span className="font-semibold">{member.name}</span>{" "}
              <span className="break-all text-slate-600">({member.email})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ManagerTeam(page: PageProps<"Teams/ManagerTeam">) {
  const t = useT();
  const locale = usePage().props.locale;
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  // Resending and revoking post one at a time.
  const posting = useButtonPost();
  const grants = [...page.grants.courses, ...page.grants.paths, ...page.grants.exams];
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHead title={page.team.name} />
      <Link href={page.back_url} className="font-semibold text-blue-800 underline">
        <span aria-hidden="true">←</span> {t("menu.manager_panel")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold break-words sm:text-3xl">{page.team.name}</h1>
      <p className="mt-2 text-slate-700">
        {grants.length > 0
          ? t("team.grants", { products: grants.join(", ") })
          : t("team.no_grants")}
      </p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-10">
          {page.members_pagination.total > 0 ? <TeamProgress page={page} /> : null}
          <section aria-labelledby="members-heading">
            <h2 id="members-heading" className="text-xl font-bold">
              {t("team.members", { count: page.members_pagination.total })}
            </h2>
            {page.members.length === 0 ? (
              <p className="mt-3 text-slate-700">{t("team.no_members")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {page.members.map((member) => (
                  <li
                    key={member.id}
                    className="grid gap-2 p-4 sm:grid-cols-[1fr_14rem] sm:items-center"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold">{member.name}</p>
                      <p className="text-sm break-all text-slate-600">{member.email}</p>
                      <p className="text-sm text-slate-600">
                        {t("team.joined", { date: formatDate(member.joined_at, locale) })}
                      </p>
                    </div>
                    <div>
                      <ProgressBar
                        done={member.done_count}
                        total={page.lesson_total}
                        label={t("team.progress_of", { name: member.name })}
                      />
                      <p className="mt-1 text-sm text-slate-700">
                        {t("team.progress", {
                          percent: percent(member.done_count, page.lesson_total),
                          certificates: member.certificate_count,
                        })}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pagination pagination={page.members_pagination} />
          </section>
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="text-xl font-bold">
              {t("team.invitations", { count: page.invitations_pagination.total })}
            </h2>
            {page.invitations.length === 0 ? (
              <p className="mt-3 text-slate-700">{t("team.no_invitations")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {page.invitations.map((row) => (
                  <Invitation
                    key={row.id}
                    row={row}
                    onResend={() => posting.post(row.resend_url)}
                    onRevoke={() => setRevoking(row)}
                    busy={posting.disabled}
                  />
                ))}
              </ul>
            )}
            <Pagination pagination={page.invitations_pagination} />
          </section>
        </div>
        <InviteForm page={page} />
      </div>
      <ConfirmDialog
        item={revoking}
        title={t("team.revoke_title")}
        confirmLabel={t("team.revoke")}
        onConfirm={(row) => posting.post(row.revoke_url)}
        onClose={() => setRevoking(null)}
      >
        {t("team.revoke_text", { email: revoking?.email ?? "" })}
      </ConfirmDialog>
      <MessageDialog message={posting.failure} onClose={posting.clearFailure} />
    </section>
  );
}
