import { Head, useForm, usePage } from "@inertiajs/react";
import { useState, type FormEvent } from "react";

import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useT } from "@/i18n";
import { wholeFormError } from "@/lib/validation";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /konto/usun/<hash>: the learner confirms the deletion (SPEC §2 "Deletion page"). On
 * success the server logs out and shows its message on /login; a failure is its message. */
export default function AccountDeletion({
  first_name,
  last_name,
  error,
  submit_url,
}: PageProps<"Accounts/AccountDeletion">) {
  const t = useT();
  const { errors } = usePage().props;
  const form = useForm({});
  const [succeeded, setSucceeded] = useState(false);
  const message = wholeFormError(errors) ?? error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.processing || succeeded) return;
    form.post(submit_url, { preserveScroll: true, onSuccess: () => setSucceeded(true) });
  }

  return (
    <AuthCard title={t("deletion.title")}>
      <Head title={t("deletion.title")} />
      <form onSubmit={submit} className="space-y-5">
        <p className="text-lg">
          {t("deletion.confirm")}{" "}
          <strong className="font-bold">
            {first_name} {last_name}
          </strong>
        </p>
        {message ? (
          <Notice tone="error">{message}</Notice>
        ) : (
          <p className="text-slate-700">{t("deletion.warning")}</p>
        )}
        {error ? null : (
          <Button
            type="submit"
            variant="danger"
            className="w-full"
            disabled={form.processing || succeeded}
          >
            {t("deletion.submit")}
          </Button>
        )}
        <p className="text-center">
          <TextLink href={routes.learning.home()}>{t("deletion.back")}</TextLink>
        </p>
      </form>
    </AuthCard>
  );
}
