import { usePage } from "@inertiajs/react";

import { useT } from "@/i18n";
import { readCookie } from "@/lib/cookies";
import { routes } from "@/routes";

/** Switches the interface language with a full page load, so the whole page (and the
 * catalogue of the new language) comes fresh. The server remembers the choice. */
export default function LanguageSwitch() {
  const t = useT();
  const { locale, shell } = usePage().props;
  return (
    <form
      method="post"
      action={routes.shell.setLanguage()}
      className="flex items-center gap-2"
      onSubmit={(event) => {
        const form = event.currentTarget;
        form.csrfmiddlewaretoken.value = readCookie("XSRF-TOKEN") ?? "";
        form.next.value = window.location.pathname + window.location.search;
      }}
    >
      <input type="hidden" name="csrfmiddlewaretoken" />
      <input type="hidden" name="next" />
      <span className="text-sm" id="language-label">
        {t("footer.language")}:
      </span>
      <div role="group" aria-labelledby="language-label" className="flex gap-1">
        {shell.languages.map((code) => (
          <button
            key={code}
            type="submit"
            name="language"
            value={code}
            lang={code}
            aria-pressed={code === locale}
            className={`min-h-9 rounded-lg px-2.5 text-sm font-semibold ${
              code === locale ? "bg-slate-900 text-white" : "text-blue-800 hover:bg-blue-50"
            }`}
          >
            {code === "en" ? t("footer.language_en") : t("footer.language_pl")}
          </button>
        ))}
      </div>
    </form>
  );
}
