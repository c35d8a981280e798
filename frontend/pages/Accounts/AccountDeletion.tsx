import { Head, Link, useForm, usePage } from "@inertiajs/react";
import { useState, type FormEvent } from "react";

import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import { useT } from "@/i18n";
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
  const message = errors.form ?? error;

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
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
            {message}
          </p>
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
          <Link href="/platforma" className="font-semibold text-blue-800 underline">
            {t("deletion.back")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
