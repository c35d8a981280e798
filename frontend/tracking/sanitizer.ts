/**
 * What the session recorder may keep of a request (docs/behaviour.md#recording-privacy):
 * bodies of login and registration calls are emptied, secret fields masked at any depth,
 * the app token header dropped, and link secrets masked in every recorded URL.
 */
import { routes } from "@/routes";

/** The recorder's view of one request and its response (@openreplay/tracker's shape). */
export interface RecordedRequest {
  readonly status: number;
  readonly method: string;
  url: string;
  request: { body: string | null; headers: Record<string, string> };
  response: { body: unknown; headers: Record<string, string> };
}

export const MASK = "***";

// These fragments empty the bodies of any URL (the platform's login page and API hosts alike).
const BODYLESS_PATHS = [routes.accounts.login(), "/register", "/sign-up"];
const SECRET_FIELDS = new Set([
  "password",
  "pass",
  "token",
  "secret",
  "value",
  "new_password",
  "old_password",
]);
const DROPPED_HEADERS = new Set(["x-platforma-token"]);

// Paths whose next segment is a secret: e-mailed links (session, deletion, restore,
// confirmation, data export, new password, voucher) and the app API's hash and code
// paths (docs/behaviour.md#api-calls).
const SECRET_PATH =
  /\/(session|konto\/usun|konto\/dane|konto\/przywroc|konto\/potwierdz-email|p\/haslo\/nowe|odbierz_kurs|voucher|relogin|mark-to-remove|student\/accept)\/([^/?#]+)/gi;
const SECRET_QUERY = /([?&](?:token|hash|code|key)=)[^&#]*/gi;

/** `url` with the secrets of links replaced by ***; works on absolute and relative URLs. */
export function maskUrl(url: string): string {
  return url.replace(SECRET_PATH, `/$1/${MASK}`).replace(SECRET_QUERY, `$1${MASK}`);
}

function isSecretField(name: string): boolean {
  // Form fields may be nested by brackets ("user[password]", "items[0][token]").
  const last = /\[([^[\]]*)\]$/.exec(name)?.[1] ?? name;
  return SECRET_FIELDS.has(last.toLowerCase());
}

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSecretField(key) ? MASK : maskValue(inner),
      ]),
    );
  }
  return value;
}

function maskFormEncoded(body: string): string {
  const params = new URLSearchParams(body);
  let masked = false;
  const out = new URLSearchParams();
  params.forEach((value, key) => {
    const secret = isSecretField(key);
    masked ||= secret;
    out.append(key, secret ? MASK : value);
  });
  // A body with no secret field is kept byte for byte.
  return masked ? out.toString() : body;
}

/** A request or response body with every secret field masked. */
export function maskBody(body: unknown): unknown {
  if (typeof body === "string") {
    const text = body.trim();
    if (text.startsWith("{") || text.startsWith("[")) {
      try {
        return JSON.stringify(maskValue(JSON.parse(text)));
      } catch {
        // Not JSON after all: treated as form data below.
      }
    }
    return text.includes("=") ? maskFormEncoded(body) : body;
  }
  if (body instanceof URLSearchParams) return maskFormEncoded(body.toString());
  return maskValue(body);
}

function keptHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())),
  );
}

/** The recorder's network sanitizer. */
export function sanitizeRequest(data: RecordedRequest): RecordedRequest {
  const bodyless = BODYLESS_PATHS.some((path) => data.url.toLowerCase().includes(path));
  data.request.headers = keptHeaders(data.request.headers);
  data.response.headers = keptHeaders(data.response.headers);
  if (bodyless) {
    data.request.body = "";
    data.response.body = "";
  } else {
    const requestBody = maskBody(data.request.body);
    data.request.body =
      typeof requestBody === "string" || requestBody === null
        ? requestBody
        : JSON.stringify(requestBody);
    data.response.body = maskBody(data.response.body);
  }
  data.url = maskUrl(data.url);
  return data;
}
