import { Link, useForm } from "@inertiajs/react";

import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import TextField from "@/components/ui/TextField";
import AuthCard from "@/components/auth/AuthCard";
import NoIndex from "@/components/auth/NoIndex";
import TextLink from "@/components/auth/TextLink";
import { useFormFields } from "@/hooks/useFormFields";
import { useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

/** The password reminder of learners (/p/haslo/przypomnij) and of admins
 * (/thehero_piwnica/remind): the form, then the confirmation view
 * (docs/behaviour.md#password-reminders). */
export default function PasswordReminder({
  variant,
  sent,
  rules,
  urls,
}: PageProps<"Accounts/PasswordReminder">) {
  const t = useT();
  const form = useForm({ email: "" });
  const fields = useFormFields(form, rules);
  // Refused by the server (too many attempts, an address it does not accept), or no answer
  // at all: the popup, with the server's reason when there is one (`failure` may be
  // empty). An unknown address is no failure.
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, urls.submit, {
    fields,
    failureFields: ["email"],
    fallback: "",
    brokenAsRefusal: true,
  });

  const head =
    variant === "admin" ? (
      <NoIndex title={t("reminder.title")} />
    ) : (
      <PageHead title={t("reminder.title")} />
    );

  if (sent) {
    return (
      <AuthCard title={t("reminder.title")}>
        {head}
        <div role="status">
          <h2 className="text-lg font-semibold">{t("reminder.sent_title")}</h2>
          <p className="mt-2 text-slate-700">{t("reminder.sent_body")}</p>
        </div>
        <Link
          href={urls.home}
          className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("reminder.home")}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("reminder.title")}>
      {head}
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-slate-700">{t("reminder.intro")}</p>
        <TextField
          id="reminder-email"
          label={t("reminder.field_email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fields.field("email")}
          required
        />
        <Button type="submit" className="w-full" disabled={disabled}>
          {t("reminder.submit")}
        </Button>
        <p className="text-center">
          <TextLink href={urls.login}>{t("reminder.login")}</TextLink>
        </p>
      </form>
      <MessageDialog message={failure} onClose={clearFailure}>
        <p>{t("reminder.failure")}</p>
        {failure ? <p className="mt-2 text-sm">{failure}</p> : null}
      </MessageDialog>
    </AuthCard>
  );
}
