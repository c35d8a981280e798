import { useForm, usePage } from "@inertiajs/react";
import type { FormEvent } from "react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useT } from "@/i18n";
import { wholeFormError } from "@/lib/validation";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /platforma/profil/usun-konto: the learner asks for the e-mail that confirms deletion. */
export default function DeletionRequest({
  email,
  sent,
  submit_url,
}: PageProps<"Accounts/DeletionRequest">) {
  const t = useT();
  const refusal = wholeFormError(usePage().props.errors);
  const form = useForm({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.processing) return;
    form.post(submit_url, { preserveScroll: true });
  }

  return (
    <AuthCard title={t("deletion_request.title")}>
      <PageHead title={t("deletion_request.title")} />
      <form onSubmit={submit} className="space-y-5">
        <p className="text-slate-700">{t("deletion_request.intro")}</p>
        {sent ? (
          <Notice tone="success">{t("deletion_request.sent", { email })}</Notice>
        ) : (
          <p className="text-slate-700">{t("deletion_request.how", { email })}</p>
        )}
        {refusal ? <Notice tone="error">{refusal}</Notice> : null}
        <Button
          type="submit"
          variant={sent ? "secondary" : "danger"}
          className="w-full"
          disabled={form.processing}
        >
          {t(sent ? "deletion_request.resend" : "deletion_request.submit")}
        </Button>
        <p className="text-center">
          <TextLink href={routes.learning.profile()}>{t("deletion_request.back")}</TextLink>
        </p>
      </form>
    </AuthCard>
  );
}
