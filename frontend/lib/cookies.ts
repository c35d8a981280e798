/** The few cookies the shell sets itself (banner states); the server owns the others. */

export function readCookie(name: string, source: string = document.cookie): string | null {
  const prefix = `${name}=`;
  for (const part of source.split(";")) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toUTCString();
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

// Closed banners are remembered for 7 days with the value 'false'
// (docs/behaviour.md#cookies-and-storage).
export const BANNER_COOKIE_DAYS = 7;
export const ALERT_COOKIE = "app-alert-banner";
export const APP_BANNER_COOKIE = "download-app-banner";
