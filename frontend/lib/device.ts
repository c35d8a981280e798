export type MobileOs = "android" | "ios";

/** The phone or tablet system the mobile-app banner offers a store link for, if any. */
export function mobileOs(userAgent: string, maxTouchPoints = 0): MobileOs | null {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  // iPadOS asks for desktop sites and reports itself as a Mac with a touch screen.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  return null;
}

/** The system of this browser's device, when the mobile-app banner has a store for it. */
export function detectMobileOs(): MobileOs | null {
  return typeof navigator === "undefined"
    ? null
    : mobileOs(navigator.userAgent, navigator.maxTouchPoints);
}
