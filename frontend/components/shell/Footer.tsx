import { Link, usePage } from "@inertiajs/react";

import { openConsentSettings } from "@/components/consent/events";
import { isMessageKey, useT } from "@/i18n";
import { routes } from "@/routes";

import LanguageSwitch from "./LanguageSwitch";

const LINK = "text-blue-800 underline underline-offset-2 hover:text-blue-950";

/** The footer (docs/behaviour.md#footer). */
export default function Footer() {
  const t = useT();
  const { shell } = usePage().props;
  return (
    <footer className="border-t border-slate-200 bg-white text-sm text-slate-700">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-3">
        <div className="space-y-2">
          <p>
            {t("footer.contact")}{" "}
            <a className={LINK} href={`mailto:${shell.support_email}`}>
              {shell.support_email}
            </a>
          </p>
          <ul aria-label={t("footer.social")} className="flex flex-wrap gap-x-4 gap-y-1">
            {shell.social_links.map((link) => {
              const key = `footer.social_${link.network}`;
              return (
                <li key={link.network}>
                  <a className={LINK} href={link.url} rel="noopener noreferrer" target="_blank">
                    {isMessageKey(key) ? t(key) : link.network}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <ul className="space-y-2">
          <li>
            <Link className={LINK} href={routes.shell.privacy()}>
              {t("footer.privacy")}
            </Link>
          </li>
          <li>
            <Link className={LINK} href={routes.shell.terms()}>
              {t("footer.terms")}
            </Link>
          </li>
          <li>
            <button type="button" className={LINK} onClick={openConsentSettings}>
              {t("footer.cookie_settings")}
            </button>
          </li>
        </ul>
        <div className="space-y-3 md:text-right">
          <LanguageSwitch />
          <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
