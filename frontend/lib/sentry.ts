// Error reporting in the browser, loaded only when the page names a DSN (main.tsx imports
// this module lazily, so pages without it never download @sentry/react). What is sent
// leaves out what lets someone act as the user: cookies, tokens, passwords and the
// hashes of e-mailed links (the same parts the server masks in its logs).
import * as Sentry from "@sentry/react";

import { routes } from "@/routes";

export const FILTERED = "[Filtered]";
const MASK = "***";
const SENSITIVE_KEY =
  /pass|secret|token|auth|cookie|session|csrf|xsrf|signature|credential|api[-_]?key|^hash$|^key$|^code$/i;

const MARK = "__secret__";
// Where the secret part of each e-mailed link starts, taken from the generated routes.
const SECRET_PREFIXES = [
  routes.accounts.sessionLink({ hash: MARK, path: "x" }),
  routes.accounts.accountDeletion({ hash: MARK }),
  routes.accounts.accountRestore({ hash: MARK }),
  routes.accounts.emailConfirm({ key: MARK }),
  routes.accounts.passwordReset({ key: MARK }),
  routes.vouchers.redeemLink({ hash: MARK }),
].map((path) => path.slice(0, path.indexOf(MARK)));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const SECRET_SEGMENT = new RegExp(
  `(${SECRET_PREFIXES.map(escapeRegExp).join("|")})[^/?#\\s"']+`,
  "g",
);

/** `text` with every link hash masked and every sensitive query parameter filtered. */
export function maskUrls(text: string): string {
  return text
    .replace(SECRET_SEGMENT, (_match, prefix: string) => `${prefix}${MASK}`)
    .replace(/([?&])([^=&#\s]+)=([^&#\s"']*)/g, (match, sep: string, name: string) =>
      SENSITIVE_KEY.test(decodeURIComponent(name)) ? `${sep}${name}=${FILTERED}` : match,
    );
}

export function scrub<T>(value: T, key = ""): T {
  if (key && SENSITIVE_KEY.test(key)) return FILTERED as T;
  if (typeof value === "string") return maskUrls(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrub(item)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, scrub(item, name)]),
    ) as T;
  }
  return value;
}

export function scrubEvent<T extends { request?: { cookies?: unknown } }>(event: T): T {
  if (event.request) delete event.request.cookies;
  return scrub(event);
}

export function startSentry(dsn: string, environment: string): void {
  Sentry.init({
    dsn,
    environment,
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrub(crumb),
  });
}
