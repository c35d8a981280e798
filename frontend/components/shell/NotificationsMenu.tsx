import { Link, router, usePage } from "@inertiajs/react";
import { useState } from "react";

import OutlineIcon from "@/components/ui/OutlineIcon";
import { useDisclosure } from "@/hooks/useDisclosure";
import { useLatestAnswer } from "@/hooks/useLatestAnswer";
import { useT } from "@/i18n";
import { formatDateTime } from "@/lib/format";
import { getJson, postJson } from "@/lib/http";
import { routes } from "@/routes";
import type { NotificationListProps } from "@/types/generated";

/** The bell of the top bar: the user's latest notifications, loaded when it is opened. */
export default function NotificationsMenu() {
  const t = useT();
  const { notifications_unread: unread, locale } = usePage().props;
  const { open, setOpen, close, root, panelId, buttonProps } = useDisclosure();
  const [list, setList] = useState<NotificationListProps | null>(null);
  const [marking, setMarking] = useState(false);
  // The list of the latest opening, and none read before a "mark all read" was saved:
  // either would bring back what the newer answer or the marking changed.
  const latest = useLatestAnswer();

  async function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening) {
      const isLatest = latest.ask();
      const result = await getJson<NotificationListProps>(routes.shell.notifications());
      if (result.status === 200 && isLatest()) setList(result.data);
    }
  }

  async function markAllRead() {
    if (marking) return;
    setMarking(true);
    latest.forget();
    const result = await postJson<{ unread: number }>(routes.shell.notificationsRead(), {});
    latest.forget();
    setMarking(false);
    if (result.status !== 200) return;
    setList(
      (shown) =>
        shown && { unread: 0, items: shown.items.map((item) => ({ ...item, is_read: true })) },
    );
    router.reload({ only: ["notifications_unread"] });
  }

  return (
    // Below md the panel spans the top bar (the hamburger sits right of the bell, so a
    // panel anchored to the bell would run off the left edge): the wrapper steps aside.
    <div ref={root} className="relative max-md:static">
      <button
        {...buttonProps}
        type="button"
        onClick={toggle}
        className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <OutlineIcon>
          <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16ZM10 20a2 2 0 0 0 4 0" />
        </OutlineIcon>
        <span className="sr-only">{t("shell.notifications")}</span>
        {unread ? (
          <span className="absolute top-1.5 right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
            {unread > 99 ? "99+" : unread}
            <span className="sr-only"> {t("shell.notifications_unread_suffix")}</span>
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute z-40 mt-2 rounded-xl border border-slate-200 bg-white shadow-lg max-md:inset-x-2 max-md:top-full max-md:mt-1 md:right-0 md:w-[22rem]"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold">{t("shell.notifications")}</h2>
          {list && list.unread > 0 ? (
            <button
              type="button"
              onClick={markAllRead}
              disabled={marking}
              className="text-sm font-semibold text-blue-800 underline disabled:opacity-60"
            >
              {t("shell.notifications_mark_read")}
            </button>
          ) : null}
        </div>
        {list === null ? (
          <p className="px-4 py-4 text-sm text-slate-600" role="status">
            {t("shell.notifications_loading")}
          </p>
        ) : list.items.length === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-600">{t("shell.notifications_empty")}</p>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {list.items.map((item) => (
              <li
                key={item.id}
                className={`px-4 py-3 text-sm ${item.is_read ? "text-slate-600" : "font-semibold text-slate-900"}`}
              >
                {item.url.startsWith("/") ? (
                  <Link href={item.url} className="underline" onClick={close}>
                    {item.message}
                  </Link>
                ) : item.url ? (
                  <a href={item.url} className="underline">
                    {item.message}
                  </a>
                ) : (
                  item.message
                )}
                <span className="mt-0.5 block text-xs font-normal text-slate-500">
                  {formatDateTime(item.created_at, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
