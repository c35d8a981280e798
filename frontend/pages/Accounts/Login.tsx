import { useState } from "react";

import PageHead from "@/components/PageHead";
import CollapsibleColumn from "@/components/auth/CollapsibleColumn";
import LoginForm from "@/components/auth/LoginForm";
import RegisterForm from "@/components/auth/RegisterForm";
import { useT } from "@/i18n";
import type { PageProps } from "@/types/generated";

export default function Login(page: PageProps<"Accounts/Login">) {
  const t = useT();
  const [loginOpen, setLoginOpen] = useState(page.form === "login");
  const [registerOpen, setRegisterOpen] = useState(page.form !== "login");
  const [filledEmail, setFilledEmail] = useState<{ email: string; seq: number } | null>(null);
  const invited = page.invitation_email;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageHead title={t("login.title")} description={t("login.description")} />
      <h1 className="sr-only">{t("login.title")}</h1>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <CollapsibleColumn
          heading={t("login.heading")}
          open={loginOpen}
          onToggle={() => setLoginOpen((open) => !open)}
          showLabel={t("login.show_form")}
          hideLabel={t("login.hide_form")}
        >
          <LoginForm
            action={page.urls.login}
            passkeyUrl={page.urls.passkey_login}
            reminderUrl={page.urls.password_reminder}
            rules={page.rules}
            initialLogin={page.form === "login" && invited ? invited : ""}
          />
        </CollapsibleColumn>
        <CollapsibleColumn
          heading={t("register.heading")}
          subheading={t("register.subheading")}
          open={registerOpen}
          onToggle={() => setRegisterOpen((open) => !open)}
          showLabel={t("register.show_form")}
          hideLabel={t("register.hide_form")}
        >
          {invited ? (
            <aside
              aria-label={t("register.invitation_title")}
              className="mb-5 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
            >
              {t("register.invitation_before")}{" "}
              <button
                type="button"
                className="font-bold break-all underline"
                onClick={() =>
                  setFilledEmail((last) => ({ email: invited, seq: (last?.seq ?? 0) + 1 }))
                }
              >
                {invited}
              </button>{" "}
              {t("register.invitation_after")}
            </aside>
          ) : null}
          <RegisterForm page={page} filledEmail={filledEmail} />
        </CollapsibleColumn>
      </div>
    </div>
  );
}
