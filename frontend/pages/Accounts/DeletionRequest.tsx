import { useForm } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /platforma/profil/usun-konto: the learner asks for the e-mail that confirms deletion. */
export default function DeletionRequest({
  email,
  sent,
  submit_url,
}: PageProps<"Accounts/DeletionRequest">) {
  const t = useT();
  const form = useForm({});
  // The page shows again with the e-mail sent; it may be sent again. A refusal (too many
  // e-mails) stands on the page.
  const { submit, disabled, failure } = useFormSubmit(form, submit_url);

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
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <Button
          type="submit"
          variant={sent ? "secondary" : "danger"}
          className="w-full"
          disabled={disabled}
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
