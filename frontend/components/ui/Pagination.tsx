import { Link } from "@inertiajs/react";

import { useT } from "@/i18n";
import type { PaginationProps } from "@/types/generated";

/** Previous/next links of a long list; nothing when it fits on one page. */
export default function Pagination({
  pagination,
  label,
}: {
  pagination: PaginationProps;
  label?: string;
}) {
  const t = useT();
  if (pagination.pages <= 1) return null;
  const linkClass =
    "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-blue-800 hover:bg-slate-100";
  return (
    <nav
      aria-label={label ?? t("pagination.label")}
      className="mt-6 flex flex-wrap items-center justify-between gap-3"
    >
      {pagination.previous_url ? (
        <Link href={pagination.previous_url} preserveScroll className={linkClass}>
          <span aria-hidden="true">←</span> {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        {t("pagination.status", { page: pagination.page, pages: pagination.pages })}
      </p>
      {pagination.next_url ? (
        <Link href={pagination.next_url} preserveScroll className={linkClass}>
          {t("pagination.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
