import { useState } from "react";

import { useT } from "@/i18n";
import {
  ALERT_COOKIE,
  BANNER_COOKIE_DAYS,
  deleteCookie,
  readCookie,
  writeCookie,
} from "@/lib/cookies";
import type { AlertProps } from "@/types/generated";

/** The alert banner (docs/behaviour.md#alert-banner): the visitor may close it for 7 days
 * and reopen it from the closed tab. Its texts are always shown as text. */
export default function AlertBanner({ alert }: { alert: AlertProps }) {
  const t = useT();
  const [open, setOpen] = useState(() => readCookie(ALERT_COOKIE) === null);
  const colours = { backgroundColor: alert.background_color, color: alert.text_color };

  if (!open) {
    return (
      <div className="flex justify-end px-4" style={colours}>
        <button
          type="button"
          onClick={() => {
            deleteCookie(ALERT_COOKIE);
            setOpen(true);
          }}
          className="min-h-8 px-2 text-xs font-semibold underline"
        >
          {t("banner.alert_reopen")}
        </button>
      </div>
    );
  }

  return (
    <section aria-label={t("banner.alert_label")} style={colours}>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2.5 text-sm sm:text-base">
        <p className="flex-1">
          <span className="hidden md:inline">{alert.text_desktop}</span>
          <span className="md:hidden">{alert.text_mobile}</span>
        </p>
        {alert.button_url ? (
          <a
            href={alert.button_url}
            className="shrink-0 rounded-lg border border-current px-3 py-1.5 text-sm font-semibold"
          >
            {alert.button_label}
          </a>
        ) : null}
        {alert.is_close_button ? (
          <button
            type="button"
            aria-label={t("banner.alert_close")}
            onClick={() => {
              writeCookie(ALERT_COOKIE, "false", BANNER_COOKIE_DAYS);
              setOpen(false);
            }}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-xl hover:bg-black/10"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    </section>
  );
}
