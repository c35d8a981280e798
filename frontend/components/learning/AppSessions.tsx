import { usePage } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import MessageDialog from "@/components/ui/MessageDialog";
import { useButtonPost } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDateTime } from "@/lib/format";
import type { AppSession } from "@/types/generated";

/** The sessions of the mobile app on the profile page; each can be logged out. */
export default function AppSessions({ sessions }: { sessions: AppSession[] }) {
  const t = useT();
  const locale = usePage().props.locale;
  const ending = useButtonPost();
  return (
    <section aria-labelledby="app-sessions-heading">
      <h2 id="app-sessions-heading" className="text-lg font-bold">
        {t("profile.app_sessions")}
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t("profile.app_sessions_none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {sessions.map((session) => (
            <li key={session.end_url} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {session.device || t("profile.app_session_unknown_device")}
                </p>
                <p className="text-sm text-slate-700">
                  {t("profile.app_session_last_used", {
                    date: formatDateTime(session.last_used_at, locale),
                  })}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={ending.disabled}
                onClick={() => ending.post(session.end_url)}
              >
                {t("profile.app_session_end")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <MessageDialog message={ending.failure} onClose={ending.clearFailure} />
    </section>
  );
}
