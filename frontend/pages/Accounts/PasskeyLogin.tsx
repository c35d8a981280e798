import { usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import Button from "@/components/ui/Button";
import { usePasskeySignIn } from "@/hooks/usePasskeySignIn";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** /login/klucz: the passkey alone logs in (allauth's passkey login). */
export default function PasskeyLogin({
  request_options,
  submit_url,
  login_url,
}: PageProps<"Accounts/PasskeyLogin">) {
  const t = useT();
  const errors = usePage().props.errors;
  const serverError = errors.credential ?? errors.form;
  const { signIn: sign, error, signing } = usePasskeySignIn(submit_url, t("passkey_login.failed"));

  function signIn() {
    void sign(request_options);
  }

  const shown = error ?? serverError ?? null;
  return (
    <AuthCard title={t("passkey_login.title")}>
      <PageHead title={t("passkey_login.title")} />
      <p className="text-slate-700">{t("passkey_login.intro")}</p>
      {shown ? (
        <div className="mt-4">
          <Notice tone="error">{shown}</Notice>
        </div>
      ) : null}
      <Button type="button" className="mt-5 w-full" disabled={signing} onClick={signIn}>
        {t("passkey_login.submit")}
      </Button>
      <p className="mt-4 text-center text-sm">
        <TextLink href={login_url}>{t("passkey_login.back")}</TextLink>
      </p>
    </AuthCard>
  );
}
