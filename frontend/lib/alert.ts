import type { AlertProps } from "@/types/generated";

const COLOUR = /^#[0-9a-f]{6}$/i;
const LINK = /^(\/(?!\/)|https:\/\/)/;

/** The alert from /api/alerts when it is a usable one; null for [] or anything malformed. */
export function parseAlert(data: unknown): AlertProps | null {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const raw = data as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const desktop = text(raw.text_desktop);
  const mobile = text(raw.text_mobile) || desktop;
  if (!desktop && !mobile) return null;
  const buttonUrl = text(raw.button_url);
  const buttonLabel = text(raw.button_label);
  const hasButton = Boolean(buttonLabel && LINK.test(buttonUrl));
  return {
    text_desktop: desktop || mobile,
    text_mobile: mobile,
    button_label: hasButton ? buttonLabel : "",
    button_url: hasButton ? buttonUrl : "",
    is_close_button: raw.is_close_button === true,
    background_color: COLOUR.test(text(raw.background_color))
      ? text(raw.background_color)
      : "#1d4ed8",
    text_color: COLOUR.test(text(raw.text_color)) ? text(raw.text_color) : "#ffffff",
  };
}
