import { Link, usePage } from "@inertiajs/react";
import { useRef } from "react";

import Glyph from "@/components/ui/Glyph";
import OutlineIcon from "@/components/ui/OutlineIcon";
import { useDisclosure } from "@/hooks/useDisclosure";
import { useT } from "@/i18n";
import type { MenuEntry } from "@/types/generated";

import Avatar from "./Avatar";
import LogoutItem from "./LogoutItem";
import { menuLabel } from "./menuLabel";

// The toggle ignores presses for 750 ms after each press (docs/behaviour.md#menus).
export const TOGGLE_LOCK_MS = 750;

const ITEM =
  "flex min-h-12 w-full items-center justify-between gap-3 px-5 text-left text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none";

/** The mobile menu (docs/behaviour.md#menus): the hamburger of logged-in learners below 768 px. */
export default function MobileMenu() {
  const t = useT();
  const { auth, menu } = usePage().props;
  const { open, setOpen, close, root, panelId, buttonProps } = useDisclosure();
  const lastPress = useRef(0);

  function toggle() {
    const now = Date.now();
    if (now - lastPress.current < TOGGLE_LOCK_MS) return;
    lastPress.current = now;
    setOpen((value) => !value);
  }

  const user = auth.user!;
  const entry = (item: MenuEntry) => {
    const label = menuLabel(t, item);
    const content = (
      <>
        <span className={item.hide_label ? "sr-only" : undefined}>{label}</span>
        {item.hide_label ? <TeamIcon /> : null}
        {item.warning ? (
          <Glyph symbol="⚠" label={t("menu.profile_not_public")} className="text-amber-700" />
        ) : null}
      </>
    );
    return (
      <li key={item.key}>
        {item.external ? (
          <a href={item.href} className={ITEM}>
            {content}
          </a>
        ) : (
          <Link href={item.href} className={ITEM} onClick={close}>
            {content}
          </Link>
        )}
      </li>
    );
  };

  return (
    <div ref={root} className="md:hidden">
      <button
        {...buttonProps}
        type="button"
        aria-label={open ? t("shell.close_menu") : t("shell.open_menu")}
        onClick={toggle}
        className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <OutlineIcon>
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </OutlineIcon>
      </button>
      <nav
        id={panelId}
        hidden={!open}
        aria-label={t("shell.main_navigation")}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white pb-3 shadow-lg"
      >
        <div className="flex items-center gap-3 px-5 py-4">
          <Avatar src={auth.avatar} size="lg" />
          <p className="font-semibold">
            {user.first_name} {user.last_name}
          </p>
        </div>
        <ul>{(menu?.areas ?? []).map(entry)}</ul>
        {menu?.divider ? <hr className="my-2 border-slate-200" /> : null}
        <ul>
          {(menu?.learner ?? []).map(entry)}
          <LogoutItem className={ITEM} />
        </ul>
      </nav>
    </div>
  );
}

function TeamIcon() {
  return (
    <OutlineIcon>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M3 19c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M15 14.5c3 0 5.5 1.8 5.5 4.5" />
    </OutlineIcon>
  );
}
