import { usePage } from "@inertiajs/react";
import { useState } from "react";

import { useT } from "@/i18n";
import { APP_BANNER_COOKIE, BANNER_COOKIE_DAYS, writeCookie } from "@/lib/cookies";
import type { MobileOs } from "@/lib/device";

/** The app banner (docs/behaviour.md#app-banner): shown on Android and iOS only (the layout
 * decides), with that system's store link. */
export default function MobileAppBanner({ os }: { os: MobileOs }) {
  const t = useT();
  const links = usePage().props.shell.app_links;
  // Shown only when no closed banner is remembered (the layout checks the cookie).
  const [open, setOpen] = useState(true);

  if (!open) return null;
  return (
    <section
      aria-label={t("banner.app_text")}
      className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5 text-sm"
    >
      <p className="flex-1 font-medium">{t("banner.app_text")}</p>
      <a
        href={os === "android" ? links.android : links.ios}
        className="shrink-0 rounded-lg bg-blue-700 px-3 py-2 font-semibold text-white"
      >
        {t(os === "android" ? "banner.app_link_android" : "banner.app_link_ios")}
      </a>
      <button
        type="button"
        aria-label={t("banner.app_close")}
        onClick={() => {
          writeCookie(APP_BANNER_COOKIE, "false", BANNER_COOKIE_DAYS);
          setOpen(false);
        }}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-xl hover:bg-slate-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
