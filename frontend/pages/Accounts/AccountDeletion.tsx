import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useLinkAction } from "@/hooks/useLinkAction";
import { useT } from "@/i18n";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /konto/usun/<hash>: the learner confirms the deletion (docs/behaviour.md#deletion-confirmation).
 * On success the server logs out and shows its message on /login; a failure is its message. */
export default function AccountDeletion({
  first_name,
  last_name,
  error,
  submit_url,
}: PageProps<"Accounts/AccountDeletion">) {
  const t = useT();
  const { submit, disabled, message } = useLinkAction(submit_url, error);

  return (
    <AuthCard title={t("deletion.title")}>
      <PageHead title={t("deletion.title")} />
      <form onSubmit={submit} className="space-y-5">
        <p className="text-lg">
          {t("deletion.confirm")}{" "}
          <strong className="font-bold">
            {first_name} {last_name}
          </strong>
        </p>
        {message ? (
          <Notice tone="error">{message}</Notice>
        ) : (
          <p className="text-slate-700">{t("deletion.warning")}</p>
        )}
        {error ? null : (
          <Button type="submit" variant="danger" className="w-full" disabled={disabled}>
            {t("deletion.submit")}
          </Button>
        )}
        <p className="text-center">
          <TextLink href={routes.learning.home()}>{t("deletion.back")}</TextLink>
        </p>
      </form>
    </AuthCard>
  );
}
