import { useForm } from "@inertiajs/react";
import { useEffect, useRef, useState } from "react";

import Button from "@/components/ui/Button";
import Checkbox from "@/components/ui/Checkbox";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useLatestAnswer } from "@/hooks/useLatestAnswer";
import { useT } from "@/i18n";
import { postJson } from "@/lib/http";
import { fieldError, isStudentEmail } from "@/lib/validation";
import type { LoginPageProps } from "@/types/generated";

interface RegisterFormProps {
  page: LoginPageProps;
  // Set anew each time the visitor clicks the invited address in the banner.
  filledEmail: { email: string; seq: number } | null;
}

interface Availability {
  value: string;
  message: string | null;
}

export default function RegisterForm({ page, filledEmail }: RegisterFormProps) {
  const t = useT();
  const form = useForm({
    username: "",
    first_name: "",
    last_name: "",
    password: "",
    accept_terms: true,
    newsletter: false,
  });
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [checking, setChecking] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const serverErrors: Partial<Record<string, string>> = { ...form.errors };
  if (availability?.message && availability.value === form.data.username.trim().toLowerCase()) {
    serverErrors.username ??= availability.message;
  }
  const fields = useFormFields(form, page.rules, serverErrors);
  const emailTaken = Boolean(serverErrors.username);
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.urls.register, {
    fields,
    ready: !emailTaken && !checking,
  });

  useEffect(() => {
    if (filledEmail === null) return;
    form.setData("username", filledEmail.email);
    form.clearErrors("username");
    fields.touch("username");
    emailInput.current?.focus();
    // Only a new click on the banner fills the field again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filledEmail]);

  // Uniqueness is asked of the server only when the e-mail field loses focus
  // (docs/behaviour.md#username-check).
  // Only the verdict of the address checked last: an earlier check answering after it
  // would show another address's verdict under this one.
  const latestCheck = useLatestAnswer();
  async function checkAvailability() {
    fields.touch("username");
    const value = form.data.username.trim().toLowerCase();
    const isLatest = latestCheck.ask();
    if (fieldError(value, page.rules.username) || availability?.value === value) {
      setChecking(false);
      return;
    }
    setChecking(true);
    // Too many checks (429) only means no early answer: the server checks again on submit.
    const result = await postJson<{ available: boolean; message: string | null }>(
      page.urls.username_check,
      { username: value },
      { handle: [429] },
    );
    if (!isLatest()) return;
    setChecking(false);
    if (result.status === 200 && result.data) {
      setAvailability({ value, message: result.data.available ? null : result.data.message });
    }
  }

  const showStudentWarning =
    !fieldError(form.data.username, page.rules.username) &&
    isStudentEmail(form.data.username, page.student_email_pattern);

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="text-sm text-slate-700">{t("register.intro")}</p>
      <TextField
        ref={emailInput}
        id="register-username"
        label={t("register.field_email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.data.username}
        onValueChange={(value) => fields.change("username", value)}
        onBlur={checkAvailability}
        error={fields.errorFor("username")}
        hint={
          checking ? (
            <span role="status">{t("register.checking_email")}</span>
          ) : showStudentWarning ? (
            <span role="status" className="font-medium text-amber-800">
              {t("register.student_warning")}
            </span>
          ) : null
        }
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          label={t("register.field_first_name")}
          autoComplete="given-name"
          {...fields.field("first_name")}
          required
        />
        <TextField
          id="register-last-name"
          label={t("register.field_last_name")}
          autoComplete="family-name"
          {...fields.field("last_name")}
          required
        />
      </div>
      <TextField
        id="register-password"
        label={t("register.field_password")}
        type="password"
        autoComplete="new-password"
        {...fields.field("password")}
        required
      />
      <Checkbox
        id="register-newsletter"
        label={t("register.newsletter")}
        checked={form.data.newsletter}
        onCheckedChange={(checked) => form.setData("newsletter", checked)}
      />
      <Button type="submit" className="w-full" disabled={disabled}>
        {t("register.submit")}
      </Button>
      <p className="text-sm text-slate-600">
        {t("register.terms_prefix")}{" "}
        <TextLink href={page.urls.terms}>{t("register.terms_link")}</TextLink>{" "}
        {t("register.terms_and")}{" "}
        <TextLink href={page.urls.privacy}>{t("register.privacy_link")}</TextLink>.
      </p>
      <MessageDialog message={failure} onClose={clearFailure} />
    </form>
  );
}
