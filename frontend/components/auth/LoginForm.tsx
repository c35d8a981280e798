import { useForm } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { FieldRule } from "@/types/generated";

interface LoginFormProps {
  action: string;
  passkeyUrl: string;
  reminderUrl: string;
  rules: Record<string, FieldRule>;
  initialLogin: string;
}

export default function LoginForm({
  action,
  passkeyUrl,
  reminderUrl,
  rules,
  initialLogin,
}: LoginFormProps) {
  const t = useT();
  const form = useForm({ login: initialLogin, login_password: "" });
  const fields = useFormFields(form, rules);
  // A failed login keeps the password, so the button is enabled again at once; the
  // server's message is a popup (docs/behaviour.md#login-form).
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, action, { fields });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        id="login-login"
        label={t("login.field_login")}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...fields.field("login")}
        required
      />
      <TextField
        id="login-password"
        label={t("login.field_password")}
        type="password"
        autoComplete="current-password"
        {...fields.field("login_password")}
        required
      />
      <TextLink href={reminderUrl} className="inline-block text-sm">
        {t("login.forgot_password")}
      </TextLink>
      <Button type="submit" className="w-full" disabled={disabled}>
        {t("login.submit")}
      </Button>
      <TextLink
        href={passkeyUrl}
        className="flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 px-4 no-underline"
      >
        {t("passkey_login.link")}
      </TextLink>
      <MessageDialog message={failure} onClose={clearFailure} />
    </form>
  );
}
