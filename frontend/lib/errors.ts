import type { MessageKey } from "@/i18n";

/** A request that failed: a page visit (Inertia) or a JSON call a page made (api). */
export interface Failure {
  status: number; // 0 when the server could not be reached
  message?: string | null; // the server's message, when it sent one
  kind: "visit" | "api";
}

export type After = "stay" | "refresh" | "login" | "admin" | "home";

export interface Outcome {
  title: MessageKey;
  text: MessageKey | null; // null: show the server's message instead
  serverMessage: string | null;
  withSupport: boolean; // append the support address
  after: After; // where to go once the dialog is closed
  reload: boolean; // reload the page at that point
  logout: boolean; // end the session here too before leaving
}

const outcome = (parts: Partial<Outcome> & Pick<Outcome, "after">): Outcome => ({
  title: "errors.title",
  text: null,
  serverMessage: null,
  withSupport: false,
  reload: false,
  logout: false,
  ...parts,
});

/** What the app does with a failed request (docs/behaviour.md#error-dialogs); null when the caller
 * handles it. */
export function decideFailure(failure: Failure, isAdmin: boolean): Outcome | null {
  const message = failure.message?.trim() || null;
  switch (failure.status) {
    case 400:
      // Only a page visit answered 400 is handled here; a JSON call's 400 is its caller's.
      if (failure.kind === "api") return null;
      return outcome({
        serverMessage: message,
        text: message ? null : "errors.bad_request",
        after: isAdmin ? "admin" : "home",
      });
    case 404:
      return null;
    case 401:
      return outcome({
        title: "errors.logged_out_title",
        text: "errors.logged_out",
        after: "login",
        logout: true,
      });
    case 403:
      // A refused visit leaves the user where they were, with that page's props refreshed
      // (e.g. the login page just used, which then sends a logged-in user on).
      return outcome({
        serverMessage: message,
        text: message ? null : "errors.forbidden",
        after: failure.kind === "visit" ? "refresh" : "stay",
      });
    case 500:
      return outcome({ text: "errors.server", withSupport: true, after: "stay", reload: true });
    case 504:
      return outcome({ text: "errors.timeout", withSupport: true, after: "stay", reload: true });
    case 0:
      return outcome({ text: "errors.offline", after: "stay", reload: true });
    default:
      return outcome({ text: "errors.updating", after: "login", reload: true });
  }
}

/**
 * The message of the server's error body, `{"error": {"message", "code", "fields"?}}` (the
 * one shape of every refused JSON call and Inertia visit), given parsed or as JSON text;
 * null for anything else (a proxy's HTML page, an empty body).
 */
export function messageOf(body: unknown): string | null {
  if (typeof body === "string") {
    try {
      return messageOf(JSON.parse(body));
    } catch {
      return null;
    }
  }
  if (!body || typeof body !== "object" || !("error" in body)) return null;
  const error: unknown = (body as { error: unknown }).error;
  if (!error || typeof error !== "object" || !("message" in error)) return null;
  const message: unknown = (error as { message: unknown }).message;
  return typeof message === "string" ? message : null;
}
