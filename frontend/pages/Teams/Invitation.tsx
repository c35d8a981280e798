import { Link, router, useForm, usePage } from "@inertiajs/react";
import { useRef, useState } from "react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import Dialog from "@/components/ui/Dialog";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { wholeFormError } from "@/lib/validation";
import type { PageProps } from "@/types/generated";

interface Problem {
  code: string;
  message: string;
}

/** The invitation page and its failures (docs/behaviour.md#team-invitations). */
export default function Invitation(page: PageProps<"Teams/Invitation">) {
  const t = useT();
  const errors = usePage().props.errors;
  const accepting = useFormSubmit(useForm({ manager: page.manager }), page.accept_url);
  // A failed acceptance (errors) or a link that cannot be accepted at all (problem).
  const [dismissed, setDismissed] = useState(false);
  const failure = wholeFormError(errors);
  const problem: Problem | null = failure
    ? { code: errors.code ?? "", message: failure }
    : page.problem;
  const open = problem !== null && !dismissed;
  // The invitation went to another address (docs/behaviour.md#invitation-failures).
  const wrongAccount = problem?.code === page.wrong_account_code;

  function accept() {
    setDismissed(false);
    accepting.post();
  }

  function logOut() {
    router.post(page.logout_url, { manager: page.manager });
  }

  // Any failure other than the wrong account ends on the learner's platform
  // (docs/behaviour.md#invitation-failures).
  const leaving = useRef(false);
  function closeError() {
    // Closing the dialog fires its close event once more; leave only once.
    if (leaving.current) return;
    leaving.current = true;
    setDismissed(true);
    router.visit(page.decline_url);
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-20">
      <div className="text-center">
        <PageHead title={t("invitation.title")} />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("invitation.title")}</h1>
        <p className="mt-4 text-lg text-slate-800">{t("invitation.question")}</p>
        {page.team_name ? (
          <p className="mt-2 text-slate-700">{t("invitation.team", { team: page.team_name })}</p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={accept} disabled={accepting.disabled || page.problem !== null}>
            {t("invitation.accept")}
          </Button>
          <Link
            href={page.decline_url}
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100"
          >
            {t("invitation.decline")}
          </Link>
        </div>
      </div>
      {wrongAccount && dismissed ? (
        <div className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-left text-amber-950">
          <p>{problem?.message}</p>
          <Button className="mt-3" onClick={logOut}>
            {t("invitation.logout_now")}
          </Button>
        </div>
      ) : null}
      {wrongAccount ? (
        <Dialog
          open={open}
          title={t("invitation.wrong_account_title")}
          onClose={() => setDismissed(true)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setDismissed(true)} autoFocus>
                {t("common.cancel")}
              </Button>
              <Button onClick={logOut}>{t("invitation.logout_now")}</Button>
            </>
          }
        >
          {problem?.message}
        </Dialog>
      ) : (
        <Dialog
          open={open}
          title={t("invitation.error_title")}
          onClose={closeError}
          actions={
            <Button onClick={closeError} autoFocus>
              {t("dialog.ok")}
            </Button>
          }
        >
          {problem?.message}
        </Dialog>
      )}
    </section>
  );
}
