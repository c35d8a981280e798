import { isMessageKey, type Translate } from "@/i18n";
import type { MenuEntry } from "@/types/generated";

/** The catalogue text of a server-side menu entry ("menu.<key>"). */
export function menuLabel(t: Translate, entry: MenuEntry): string {
  const key = `menu.${entry.key}`;
  return isMessageKey(key) ? t(key) : entry.key;
}
