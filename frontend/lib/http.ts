/** JSON calls the pages make: CSRF header, credentials, and the global error handling. */

import { readCookie } from "./cookies";
import { reportFailure } from "./errorBus";
import { messageOf } from "./errors";

export interface JsonResult<T> {
  status: number; // 0 when the server could not be reached
  data: T | null;
}

interface Options {
  // Statuses the caller deals with itself ("all": never show the global dialogs).
  handle?: number[] | "all";
}

export async function requestJson<T>(
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  { handle = [] }: Options = {},
): Promise<JsonResult<T>> {
  const handles = (status: number) => handle === "all" || handle.includes(status);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    const token = readCookie("XSRF-TOKEN");
    if (token) headers["X-XSRF-TOKEN"] = token;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    if (!handles(0)) reportFailure({ status: 0, kind: "api" });
    return { status: 0, data: null };
  }
  let data: T | null = null;
  try {
    data = (await response.json()) as T;
  } catch {
    data = null;
  }
  if (!response.ok && !handles(response.status)) {
    reportFailure({ status: response.status, message: messageOf(data), kind: "api" });
  }
  return { status: response.status, data };
}

export const getJson = <T>(url: string, options?: Options) =>
  requestJson<T>("GET", url, undefined, options);

export const postJson = <T>(url: string, body: unknown, options?: Options) =>
  requestJson<T>("POST", url, body, options);
