import { usePage } from "@inertiajs/react";

import shell from "./pl/shell";

// UI texts live in one catalogue per area and language: pl/<area>.ts and en/<area>.ts.
// The shell's Polish texts ship with the app; a page's area catalogue loads with the page
// (area = the first part of its component name, e.g. "Accounts/Login" → accounts). A page
// that also shows another area's texts names it: `export const catalogues = ["learning"]`.
// Every area's keys, as types only: nothing here adds the areas to the main bundle.
export type MessageKey =
  | keyof typeof shell
  | keyof typeof import("./pl/accounts").default
  | keyof typeof import("./pl/learning").default
  | keyof typeof import("./pl/vouchers").default
  | keyof typeof import("./pl/teams").default
  | keyof typeof import("./pl/consent").default;
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

type Messages = Record<string, string>;
type Area<T> = { default: T };
export const DEFAULT_LOCALE = "pl";
const catalogues: Record<string, Record<string, () => Promise<Area<Messages>>>> = {
  pl: import.meta.glob<Area<Messages>>("./pl/*.ts"),
  en: import.meta.glob<Area<Messages>>("./en/*.ts"),
};
const messages: Record<string, Messages> = { pl: { ...shell }, en: {} };
const loaded = new Set<string>(["pl:shell"]);

/** Load the shell's texts and those of `areas` for `locale`, once each. */
export async function loadMessages(locale: string, ...areas: string[]): Promise<void> {
  const lang = locale in catalogues ? locale : DEFAULT_LOCALE;
  await Promise.all(
    ["shell", ...areas].map(async (name) => {
      const id = `${lang}:${name}`;
      const load = catalogues[lang]![`./${lang}/${name}.ts`];
      if (loaded.has(id) || !load) return;
      const module = await load();
      Object.assign(messages[lang]!, module.default);
      loaded.add(id);
    }),
  );
}

/** The area catalogue a page component uses: "Accounts/Login" → "accounts". */
export function areaOf(component: string): string {
  return component.split("/")[0]!.toLowerCase();
}

export function translate(
  locale: string,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  const text = messages[locale]?.[key] ?? messages[DEFAULT_LOCALE]![key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

export function useT(): Translate {
  const { props } = usePage();
  return (key, vars) => translate(props.locale, key, vars);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.values(messages).some((catalogue) => key in catalogue);
}
