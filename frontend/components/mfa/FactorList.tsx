import { usePage } from "@inertiajs/react";

import Button from "@/components/ui/Button";
import { useButtonPost } from "@/hooks/useFormSubmit";
import { useT, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/lib/format";
import { routes } from "@/routes";
import type { SecondFactor } from "@/types/generated";

const TYPE_LABELS: Record<string, MessageKey> = {
  totp: "factors.type_totp",
  webauthn: "factors.type_webauthn",
  recovery_codes: "factors.type_recovery_codes",
};

/** The account's second factors with the dates each was added and last used; with
 * `removable`, the app and the passkeys can be removed. */
export default function FactorList({
  factors,
  removable = false,
}: {
  factors: SecondFactor[];
  removable?: boolean;
}) {
  const t = useT();
  const locale = usePage().props.locale;
  const removing = useButtonPost();
  if (factors.length === 0) {
    return <p className="mt-1 text-sm text-slate-700">{t("factors.none")}</p>;
  }
  return (
    <ul className="mt-3 divide-y divide-slate-200" aria-label={t("factors.title")}>
      {factors.map((factor) => (
        <li key={factor.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">
              {t(TYPE_LABELS[factor.type] ?? "factors.type_totp")}
              {factor.name ? `: ${factor.name}` : ""}
            </p>
            <p className="text-sm text-slate-700">
              {t("factors.added", { date: formatDateTime(factor.created_at, locale) })}
              {" · "}
              {factor.last_used_at
                ? t("factors.last_used", { date: formatDateTime(factor.last_used_at, locale) })
                : t("factors.never_used")}
              {factor.unused_codes !== null
                ? ` · ${t("factors.codes_left", { count: factor.unused_codes })}`
                : ""}
            </p>
          </div>
          {removable && factor.type !== "recovery_codes" ? (
            <Button
              variant="secondary"
              disabled={removing.disabled}
              onClick={() =>
                removing.post(routes.accounts.mfaFactorRemove({ factor_id: factor.id }))
              }
            >
              {t("factors.remove")}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
