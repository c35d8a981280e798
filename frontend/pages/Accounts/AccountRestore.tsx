import PageHead from "@/components/PageHead";
import Button from "@/components/ui/Button";
import AuthCard from "@/components/auth/AuthCard";
import Notice from "@/components/auth/Notice";
import TextLink from "@/components/auth/TextLink";
import { useLinkAction } from "@/hooks/useLinkAction";
import { useT } from "@/i18n";
import { routes } from "@/routes";
import type { PageProps } from "@/types/generated";

/** /konto/przywroc/<hash>: the undo link of a confirmed deletion, valid until the purge.
 * Opening it changes nothing; the button restores the account. */
export default function AccountRestore({
  error,
  submit_url,
}: PageProps<"Accounts/AccountRestore">) {
  const t = useT();
  const { submit, disabled, message } = useLinkAction(submit_url, error);

  return (
    <AuthCard title={t("restore.title")}>
      <PageHead title={t("restore.title")} />
      {message ? (
        <div>
          <Notice tone="error">{message}</Notice>
          <TextLink href={routes.accounts.login({ form: "login" })} className="mt-6 inline-block">
            {t("restore.login")}
          </TextLink>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-5">
          <p className="text-slate-700">{t("restore.intro")}</p>
          <Button type="submit" className="w-full" disabled={disabled}>
            {t("restore.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
