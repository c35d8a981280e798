import { useForm } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import Snackbar from "@/components/ui/Snackbar";
import TextField from "@/components/ui/TextField";
import AuthCard from "@/components/auth/AuthCard";
import NoIndex from "@/components/auth/NoIndex";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** /thehero_piwnica: the admin login (docs/behaviour.md#admin-login). */
export default function AdminLogin({
  rules,
  submit_url,
  reminder_url,
}: PageProps<"Accounts/AdminLogin">) {
  const t = useT();
  const form = useForm({ username: "", password: "" });
  const fields = useFormFields(form, rules);
  // Success loads the admin panel in full: the button stays disabled until it shows.
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, submit_url, {
    fields,
  });

  return (
    <AuthCard title={t("admin_login.title")}>
      <NoIndex title={t("admin_login.title")} />
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          id="admin-username"
          label={t("admin_login.field_email")}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...fields.field("username")}
          required
        />
        <TextField
          id="admin-password"
          label={t("admin_login.field_password")}
          type="password"
          autoComplete="current-password"
          {...fields.field("password")}
          required
        />
        <Button type="submit" className="w-full" disabled={disabled}>
          {t("admin_login.submit")}
        </Button>
        <p className="text-center text-sm">
          <TextLink href={reminder_url}>{t("admin_login.forgot")}</TextLink>
        </p>
      </form>
      <Snackbar message={failure} closeLabel={t("shell.dismiss")} onClose={clearFailure} />
    </AuthCard>
  );
}
