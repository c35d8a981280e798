import { useForm, usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { usePasskeySignIn } from "@/hooks/usePasskeySignIn";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** The login's second step after the password, on /login and /thehero_piwnica alike: a
 * code (the authenticator app's or a recovery code) or the account's passkey. */
export default function MfaAuthenticate({
  has_totp,
  request_options,
  code_length,
  submit_url,
  cancel_url,
}: PageProps<"Accounts/MfaAuthenticate">) {
  const t = useT();
  const errors = usePage().props.errors;
  const form = useForm({ code: "" });
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, submit_url, {
    ready: form.data.code.trim() !== "",
  });
  const cancel = useFormSubmit(useForm({}), cancel_url);
  const passkey = usePasskeySignIn(submit_url, t("mfa.passkey_failed"));
  const passkeyError = passkey.error;
  const signing = passkey.signing;

  function withPasskey() {
    if (request_options) void passkey.signIn(request_options);
  }

  return (
    <AuthCard title={t("mfa.step_title")}>
      <PageHead title={t("mfa.step_title")} />
      <p className="text-slate-700">
        {has_totp ? t("mfa.step_intro") : t("mfa.step_intro_passkey_only")}
      </p>
      {request_options ? (
        <div className="mt-5">
          <Button
            type="button"
            variant={has_totp ? "secondary" : "primary"}
            className="w-full"
            disabled={signing}
            onClick={withPasskey}
          >
            {t("mfa.use_passkey")}
          </Button>
          {passkeyError || errors.credential ? (
            <div className="mt-3">
              <Notice tone="error">{passkeyError ?? errors.credential}</Notice>
            </div>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-5 space-y-5">
        <TextField
          id="mfa-code"
          label={t("mfa.field_code")}
          hint={t("mfa.code_hint")}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={code_length + 4}
          autoFocus={has_totp}
          value={form.data.code}
          onValueChange={(value) => form.setData("code", value)}
          error={errors.code}
          required
        />
        <Button type="submit" className="w-full" disabled={disabled}>
          {t("mfa.submit_code")}
        </Button>
      </form>
      <form className="mt-4 text-center" onSubmit={cancel.submit}>
        <button
          type="submit"
          className="min-h-11 text-sm font-semibold text-blue-800 underline"
          disabled={cancel.disabled}
        >
          {t("mfa.cancel")}
        </button>
      </form>
      <MessageDialog message={failure && !errors.code ? failure : null} onClose={clearFailure} />
    </AuthCard>
  );
}
