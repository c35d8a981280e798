import { Link, useForm, usePage } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Notice from "@/components/auth/Notice";
import FactorList from "@/components/mfa/FactorList";
import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import { useButtonPost, useFormSubmit, type Prepared } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { createPasskey, passkeysSupported } from "@/lib/webauthn";
import type { MfaFactorsPageProps, PageProps } from "@/types/generated";

function TotpSetup({ page }: { page: MfaFactorsPageProps }) {
  const t = useT();
  const form = useForm({ code: "" });
  const errors = usePage().props.errors;
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.urls.totp, {
    ready: form.data.code.trim() !== "",
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-bold">{t("factors.totp_heading")}</h2>
      <p className="text-sm text-slate-700">{t("factors.totp_intro")}</p>
      {page.totp_qr ? (
        <img
          src={page.totp_qr}
          alt={t("factors.totp_qr")}
          width={192}
          height={192}
          className="size-48 rounded-lg border border-slate-200 bg-white p-2"
        />
      ) : null}
      <div>
        <p className="text-sm font-medium text-slate-800" id="totp-secret-label">
          {t("factors.totp_secret")}
        </p>
        <code
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          className="mt-1 block rounded-lg bg-slate-100 p-3 font-mono text-sm break-all select-all"
        >
          {page.totp_secret}
        </code>
      </div>
      <TextField
        id="totp-code"
        label={t("factors.totp_code")}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={page.rules.totp_code?.max_length}
        value={form.data.code}
        onValueChange={(value) => form.setData("code", value)}
        error={errors.totp_code ?? errors.code}
        required
      />
      <Button type="submit" disabled={disabled}>
        {t("factors.totp_submit")}
      </Button>
      <MessageDialog
        message={failure && !errors.totp_code && !errors.code ? failure : null}
        onClose={clearFailure}
      />
    </form>
  );
}

function PasskeyAdd({ page }: { page: MfaFactorsPageProps }) {
  const t = useT();
  const form = useForm({ name: "" });
  const errors = usePage().props.errors;

  async function credential(): Promise<Prepared> {
    if (!passkeysSupported()) return { refusal: t("mfa.passkey_unsupported") };
    try {
      return { data: { credential: await createPasskey(page.creation_options) } };
    } catch {
      return { refusal: t("factors.passkey_failed") };
    }
  }

  const { submit, disabled, failure } = useFormSubmit(form, page.urls.passkey, {
    prepare: credential,
    onStay: () => form.reset(),
  });
  // A refusal of the whole form shows at the top of the page (MfaFactors).
  const own = failure !== errors.form ? failure : null;
  const shown = own ?? errors.credential ?? errors.passkey_name ?? null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-bold">{t("factors.passkey_heading")}</h2>
      <p className="text-sm text-slate-700">{t("factors.passkey_intro")}</p>
      <TextField
        id="passkey-name"
        label={t("factors.passkey_name")}
        maxLength={page.rules.passkey_name?.max_length}
        value={form.data.name}
        onValueChange={(value) => form.setData("name", value)}
      />
      {shown ? <Notice tone="error">{shown}</Notice> : null}
      <Button type="submit" variant="secondary" disabled={disabled}>
        {t("factors.passkey_add")}
      </Button>
    </form>
  );
}

function RecoveryCodes({ page }: { page: MfaFactorsPageProps }) {
  const t = useT();
  const hasFactor = page.factors.some((f) => f.type === "totp" || f.type === "webauthn");
  const generating = useButtonPost();

  function download() {
    const text = [t("factors.codes_file_title"), "", ...page.recovery_codes, ""].join("\n");
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("factors.codes_file_name");
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby="codes-heading" className="space-y-4">
      <h2 id="codes-heading" className="text-lg font-bold">
        {t("factors.codes_heading")}
      </h2>
      <p className="text-sm text-slate-700">{t("factors.codes_intro")}</p>
      {page.recovery_codes.length > 0 ? (
        <div className="space-y-3">
          <Notice tone="success">{t("factors.codes_shown_once")}</Notice>
          <ul
            data-testid="recovery-codes"
            className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-base"
          >
            {page.recovery_codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button type="button" variant="secondary" onClick={download}>
            {t("factors.codes_download")}
          </Button>
        </div>
      ) : null}
      {hasFactor ? (
        <Button
          type="button"
          variant="ghost"
          disabled={generating.disabled}
          onClick={() => generating.post(page.urls.recovery_codes)}
        >
          {t("factors.codes_generate")}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">{t("factors.codes_need_factor")}</p>
      )}
    </section>
  );
}

/** The account's second factors (docs/behaviour.md#second-factors): add an authenticator
 * app, passkeys and recovery codes, remove them; behind the password. */
export default function MfaFactors(page: PageProps<"Accounts/MfaFactors">) {
  const t = useT();
  const enrolled = page.factors.some((f) => f.type === "totp" || f.type === "webauthn");
  const formError = usePage().props.errors.form;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <PageHead title={t("factors.title")} />
      <h1 className="text-2xl font-bold">{t("factors.title")}</h1>
      <p className="mt-2 text-slate-700">{t("factors.intro")}</p>
      {page.required && !enrolled ? (
        <div className="mt-4">
          <Notice tone="error">{t("factors.required")}</Notice>
        </div>
      ) : null}
      {formError ? (
        <div className="mt-4">
          <Notice tone="error">{formError}</Notice>
        </div>
      ) : null}
      <div className="mt-6 space-y-6">
        <Card>
          <FactorList factors={page.factors} removable />
        </Card>
        {page.recovery_codes.length > 0 || enrolled ? (
          <Card>
            <RecoveryCodes page={page} />
          </Card>
        ) : null}
        {page.totp_secret ? (
          <Card>
            <TotpSetup page={page} />
          </Card>
        ) : null}
        <Card>
          <PasskeyAdd page={page} />
        </Card>
      </div>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        {page.return_url && (enrolled || !page.required) ? (
          <a
            href={page.return_url}
            className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
          >
            {t("factors.continue")}
          </a>
        ) : null}
        {!page.required || enrolled ? (
          <Link
            href={page.urls.profile}
            className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
          >
            {t("factors.back")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
