import { router } from "@inertiajs/react";

import { useT } from "@/i18n";
import { routes } from "@/routes";

/** The last entry of a menu: logging out, styled as the menu's other entries. */
export default function LogoutItem({ className }: { className: string }) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        className={className}
        onClick={() => router.post(routes.accounts.logout())}
      >
        {t("shell.logout")}
      </button>
    </li>
  );
}
