import { router, usePage } from "@inertiajs/react";
import { useEffect, useState } from "react";

import Button from "@/components/ui/Button";
import Dialog from "@/components/ui/Dialog";
import { useT } from "@/i18n";
import { onFailure, reportFailure } from "@/lib/errorBus";
import { postJson } from "@/lib/http";
import { decideFailure, messageOf, type Failure, type Outcome } from "@/lib/errors";
import { routes } from "@/routes";

/** The one place failed visits and JSON calls become dialogs (docs/behaviour.md#error-dialogs). */
export default function ErrorDialogHost() {
  const t = useT();
  const { shell } = usePage().props;
  const isAdmin = shell.viewer === "admin";
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const offHttp = router.on("httpException", (event) => {
      const { status, data, headers } = event.detail.response;
      // An Inertia page answered with an error status (the 404 page) simply renders.
      if (headers["x-inertia"]) return;
      reportFailure({ status, message: messageOf(data), kind: "visit" });
      return false;
    });
    const offNetwork = router.on("networkError", () => {
      reportFailure({ status: 0, kind: "visit" });
      return false;
    });
    const offFailures = onFailure((failure: Failure) => {
      const next = decideFailure(failure, isAdmin);
      // One dialog at a time: the first failure explains what happened.
      if (next) setOutcome((current) => current ?? next);
    });
    return () => {
      offHttp();
      offNetwork();
      offFailures();
    };
  }, [isAdmin]);

  function close() {
    const done = outcome;
    setOutcome(null);
    if (!done) return;
    if (done.after === "login") {
      // The server already dropped the session (401); ending it here too leaves nothing
      // half-logged-in behind, whatever answered.
      const leave = () => window.location.assign(routes.accounts.login());
      if (done.logout)
        void postJson(routes.accounts.logout(), {}, { handle: "all" }).finally(leave);
      else leave();
    } else if (done.after === "admin") window.location.assign(shell.admin_url);
    else if (done.after === "home") router.visit(routes.core.home());
    else if (done.after === "refresh") router.reload();
    else if (done.reload) window.location.reload();
  }

  return (
    <Dialog
      open={outcome !== null}
      title={outcome ? t(outcome.title) : ""}
      onClose={close}
      actions={
        <Button onClick={close} autoFocus>
          {t("errors.ok")}
        </Button>
      }
    >
      {outcome ? (
        <p>
          {outcome.text ? t(outcome.text) : outcome.serverMessage}
          {outcome.withSupport ? (
            <>
              {" "}
              <a
                className="font-semibold text-blue-800 underline"
                href={`mailto:${shell.support_email}`}
              >
                {shell.support_email}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </Dialog>
  );
}
