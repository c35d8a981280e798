import { useForm } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import TextField from "@/components/ui/TextField";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFieldErrors";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { FieldRule } from "@/types/generated";

interface LoginFormProps {
  action: string;
  reminderUrl: string;
  rules: Record<string, FieldRule>;
  initialLogin: string;
  onFailure: (message: string) => void;
}

export default function LoginForm({
  action,
  reminderUrl,
  rules,
  initialLogin,
  onFailure,
}: LoginFormProps) {
  const t = useT();
  const form = useForm({ login: initialLogin, login_password: "" });
  const fields = useFormFields(form, rules);
  // A failed login keeps the password, so the button is enabled again at once
  // (docs/behaviour.md#login-form).
  const { submit, succeeded } = useFormSubmit(form, fields, action, onFailure);

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
      <Button
        type="submit"
        className="w-full"
        disabled={!fields.isValid || form.processing || succeeded}
      >
        {t("login.submit")}
      </Button>
    </form>
  );
}
