import type { MessageKey } from "@/i18n";

/** The title of an issuing area: Multilicencje, the reseller panel or 'Panel cloud'. */
export function areaTitleKey(area: string): MessageKey {
  if (area === "institution") return "menu.institution_panel";
  if (area === "cloud") return "menu.cloud_panel";
  return "menu.reseller_panel";
}

export function productKindKey(kind: string | null): MessageKey {
  if (kind === "course") return "batches.kind_course";
  if (kind === "exam") return "batches.kind_exam";
  if (kind === "path") return "batches.kind_path";
  return "batches.kind_none";
}
