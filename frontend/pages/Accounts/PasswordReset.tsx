import { useForm } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** The page of the e-mailed reset link: a new password of at least 6 characters. */
export default function PasswordReset({
  error,
  rules,
  submit_url,
  reminder_url,
}: PageProps<"Accounts/PasswordReset">) {
  const t = useT();
  const form = useForm({ password: "" });
  const fields = useFormFields(form, rules);
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, submit_url, {
    fields,
  });

  return (
    <AuthCard title={t("reset.title")}>
      <PageHead title={t("reset.title")} />
      {error === null ? (
        <form onSubmit={submit} noValidate className="space-y-5">
          <p className="text-slate-700">{t("reset.intro")}</p>
          <TextField
            id="reset-password"
            label={t("reset.field_password")}
            type="password"
            autoComplete="new-password"
            {...fields.field("password")}
            required
          />
          <Button type="submit" className="w-full" disabled={disabled}>
            {t("reset.submit")}
          </Button>
        </form>
      ) : (
        <div>
          <Notice tone="error">{error}</Notice>
          <TextLink href={reminder_url} className="mt-6 inline-block">
            {t("reset.request_new")}
          </TextLink>
        </div>
      )}
      <MessageDialog message={failure} onClose={clearFailure} />
    </AuthCard>
  );
}
