import { router } from "@inertiajs/react";
import { useEffect } from "react";

import PageHead from "@/components/PageHead";
import { useT } from "@/i18n";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /session: logs the user out with a POST, then the server sends them to /login. */
export default function SessionLogout(_props: PageProps<"Accounts/SessionLogout">) {
  const t = useT();
  useEffect(() => {
    router.post(routes.accounts.logout(), {}, { replace: true });
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-live="polite">
      <PageHead title={t("session.logging_out")} />
      <p className="text-lg">{t("session.logging_out")}</p>
    </section>
  );
}
