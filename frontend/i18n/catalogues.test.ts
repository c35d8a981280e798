import { describe, expect, it } from "vitest";

import { loadMessages, translate } from "./index";

type Catalogue = Record<string, string>;
const pl = import.meta.glob<{ default: Catalogue }>("./pl/*.ts", { eager: true });
const en = import.meta.glob<{ default: Catalogue }>("./en/*.ts", { eager: true });
const areas = Object.keys(pl).map((path) => path.slice("./pl/".length));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("UI catalogues", () => {
  it("exist for every area in both languages", () => {
    expect(Object.keys(en).map((path) => path.slice("./en/".length))).toEqual(areas);
  });

  it.each(areas)("%s has the same keys, no empty text and the same placeholders", (area) => {
    const polish = pl[`./pl/${area}`]!.default;
    const english = en[`./en/${area}`]!.default;
    expect(Object.keys(english).sort()).toEqual(Object.keys(polish).sort());
    for (const [key, text] of Object.entries(polish)) {
      expect(text.trim(), key).not.toBe("");
      expect(english[key]!.trim(), key).not.toBe("");
      expect(placeholders(english[key]!), key).toEqual(placeholders(text));
    }
  });

  it("never uses one key in two areas", () => {
    const seen = new Map<string, string>();
    for (const [path, module] of Object.entries(pl)) {
      for (const key of Object.keys(module.default)) {
        expect(seen.get(key), `${key} in ${path}`).toBeUndefined();
        seen.set(key, path);
      }
    }
  });
});

describe("translate", () => {
  it("fills placeholders and falls back to Polish, then to the key", async () => {
    await loadMessages("pl", "learning");
    expect(translate("pl", "learner.greeting", { name: "Ola" })).toBe("Cześć, Ola!");
    await loadMessages("en", "learning");
    expect(translate("en", "learner.greeting", { name: "Ola" })).toBe("Hello, Ola!");
    expect(translate("de", "shell.login")).toBe("Zaloguj się");
  });
});
