import { router } from "@inertiajs/react";
import { useCallback, useEffect, useRef, useState } from "react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** /session/<hash>/<path>[/<courseId>]: the browser completes the login with a POST, so a
 * mail scanner that only fetches the link does not use it up. The server then sends the
 * visitor to the learner page, or to /login with its message. */
export default function SessionLink({ submit_url }: PageProps<"Accounts/SessionLink">) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  // The link works once: a second automatic POST would find it used up.
  const started = useRef(false);

  const logIn = useCallback(() => {
    setFailed(false);
    router.post(
      submit_url,
      {},
      {
        replace: true,
        onHttpException: () => {
          setFailed(true);
          return false;
        },
        onNetworkError: () => {
          setFailed(true);
          return false;
        },
      },
    );
  }, [submit_url]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logIn();
  }, [logIn]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageHead title={t("session_link.title")} />
      <h1 className="sr-only">{t("session_link.title")}</h1>
      {failed ? (
        <div role="alert">
          <p className="text-lg">{t("session_link.failed")}</p>
          <Button className="mt-6" onClick={logIn}>
            {t("session_link.retry")}
          </Button>
        </div>
      ) : (
        <p className="text-lg" aria-live="polite">
          {t("session_link.logging_in")}
        </p>
      )}
    </section>
  );
}
