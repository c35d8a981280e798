import { useForm } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import AuthCard from "@/components/auth/AuthCard";
import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** The password again before the second factors change (allauth's re-authentication). */
export default function Reauthenticate({ submit_url }: PageProps<"Accounts/Reauthenticate">) {
  const t = useT();
  const form = useForm({ password: "" });
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, submit_url, {
    ready: form.data.password !== "",
  });

  return (
    <AuthCard title={t("reauth.title")}>
      <PageHead title={t("reauth.title")} />
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-slate-700">{t("reauth.intro")}</p>
        <TextField
          id="reauth-password"
          label={t("reauth.field_password")}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={form.data.password}
          onValueChange={(value) => form.setData("password", value)}
          error={form.errors.password}
          required
        />
        <Button type="submit" className="w-full" disabled={disabled}>
          {t("reauth.submit")}
        </Button>
      </form>
      <MessageDialog
        message={failure && !form.errors.password ? failure : null}
        onClose={clearFailure}
      />
    </AuthCard>
  );
}
