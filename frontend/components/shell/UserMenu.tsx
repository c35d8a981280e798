import { Link, usePage } from "@inertiajs/react";
import { useDisclosure } from "@/hooks/useDisclosure";
import { useT } from "@/i18n";

import Avatar from "./Avatar";
import LogoutItem from "./LogoutItem";
import { menuLabel } from "./menuLabel";

const ITEM =
  "flex min-h-11 w-full items-center px-4 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none";

/** The user menu (docs/behaviour.md#menus): avatar, name, areas, the shop link, logging out. */
export default function UserMenu() {
  const t = useT();
  const { auth, menu } = usePage().props;
  const { open, setOpen, close, root, panelId, buttonProps } = useDisclosure();

  const user = auth.user!;
  const areas = (menu?.areas ?? []).filter((entry) => entry.key !== "admin_panel");
  return (
    <div ref={root} className="relative">
      <button
        {...buttonProps}
        type="button"
        aria-label={`${t("shell.user_menu")}: ${user.first_name} ${user.last_name}`}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <Avatar src={auth.avatar} />
        <span className="text-sm font-semibold">
          {user.first_name} {user.last_name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        <ul>
          {areas.map((entry) => (
            <li key={entry.key}>
              <Link href={entry.href} className={ITEM} onClick={close}>
                {menuLabel(t, entry)}
              </Link>
            </li>
          ))}
        </ul>
        {areas.length > 0 ? <hr className="my-1 border-slate-200" /> : null}
        <ul>
          {menu?.shop_url ? (
            <li>
              <a href={menu.shop_url} className={ITEM}>
                {t("menu.back_to_shop")}
              </a>
            </li>
          ) : null}
          <LogoutItem className={ITEM} />
        </ul>
      </div>
    </div>
  );
}
