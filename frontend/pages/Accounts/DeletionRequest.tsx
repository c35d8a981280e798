import { Head, Link, useForm, usePage } from "@inertiajs/react";
import type { FormEvent } from "react";

import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** /platforma/profil/usun-konto: the learner asks for the e-mail that confirms deletion. */
export default function DeletionRequest({
  email,
  sent,
  submit_url,
}: PageProps<"Accounts/DeletionRequest">) {
  const t = useT();
  const { errors } = usePage().props;
  const form = useForm({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    form.post(submit_url, { preserveScroll: true });
  }

  return (
    <AuthCard title={t("deletion_request.title")}>
      <Head title={t("deletion_request.title")} />
      <form onSubmit={submit} className="space-y-5">
        <p className="text-slate-700">{t("deletion_request.intro")}</p>
        {sent ? (
          <p
            role="status"
            className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-950"
          >
            {t("deletion_request.sent", { email })}
          </p>
        ) : (
          <p className="text-slate-700">{t("deletion_request.how", { email })}</p>
        )}
        {errors.form ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
            {errors.form}
          </p>
        ) : null}
        <Button
          type="submit"
          variant={sent ? "secondary" : "danger"}
          className="w-full"
          disabled={form.processing}
        >
          {t(sent ? "deletion_request.resend" : "deletion_request.submit")}
        </Button>
        <p className="text-center">
          <Link href="/platforma/profil" className="font-semibold text-blue-800 underline">
            {t("deletion_request.back")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
