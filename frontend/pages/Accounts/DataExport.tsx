import { Head } from "@inertiajs/react";
import { useState } from "react";

import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import Button from "@/components/ui/Button";
import { useT } from "@/i18n";
import { readCookie } from "@/lib/cookies";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /konto/dane/<hash>: the e-mailed link to the learner's data. Opening it uses nothing
 * up; the button downloads the file, once (a plain form post, so the browser saves it). */
export default function DataExport({ error, submit_url }: PageProps<"Accounts/DataExport">) {
  const t = useT();
  const [started, setStarted] = useState(false);

  return (
    <AuthCard title={t("data_export.title")}>
      <Head title={t("data_export.title")} />
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <form
          method="post"
          action={submit_url}
          className="space-y-5"
          onSubmit={(event) => {
            // A plain post, so the browser saves the answer as a file; the CSRF token goes
            // with it as a field, since this is not an Inertia request.
            event.preventDefault();
            if (started) return;
            const form = event.currentTarget;
            const field = form.elements.namedItem("csrfmiddlewaretoken");
            if (field instanceof HTMLInputElement) field.value = readCookie("XSRF-TOKEN") ?? "";
            setStarted(true);
            form.submit();
          }}
        >
          <input type="hidden" name="csrfmiddlewaretoken" defaultValue="" />
          <p className="text-slate-700">{t("data_export.intro")}</p>
          {started ? (
            <Notice tone="success">{t("data_export.started")}</Notice>
          ) : (
            <Button type="submit" className="w-full">
              {t("data_export.submit")}
            </Button>
          )}
        </form>
      )}
      <p className="mt-6 text-center">
        <TextLink href={routes.learning.profile()}>{t("data_export.back")}</TextLink>
      </p>
    </AuthCard>
  );
}
