import type { MessageKey } from "@/i18n";

/** Where an owned product came from, as a catalogue key. */
export function sourceKey(source: string): MessageKey {
  switch (source) {
    case "voucher":
      return "source.voucher";
    case "team":
      return "source.team";
    case "admin":
      return "source.admin";
    default:
      return "source.path";
  }
}
