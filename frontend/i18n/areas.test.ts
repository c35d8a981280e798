import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

import { describe, expect, it } from "vitest";

// Every text a page shows must be in a catalogue loaded with it: the shell's, its own
// area's, or one it names in `export const catalogues = [...]` (see i18n/index.ts).
const root = join(__dirname, "..");
const polish = import.meta.glob<{ default: Record<string, string> }>("./pl/*.ts", { eager: true });
const pages = Object.keys(import.meta.glob("../pages/**/*.tsx")).filter(
  (path) => !path.endsWith(".test.tsx"),
);

const areaOfKey = new Map<string, string>();
for (const [path, module] of Object.entries(polish)) {
  const area = path.slice("./pl/".length, -".ts".length);
  for (const key of Object.keys(module.default)) areaOfKey.set(key, area);
}

function resolveImport(spec: string, from: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = normalize(join(dirname(from), spec));
  else return null;
  for (const candidate of [`${base}.tsx`, `${base}.ts`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      continue;
    }
  }
  return null;
}

function sourcesOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || file.includes(`${join(root, "i18n")}`)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/from\s+"([^"]+)"|import\("([^"]+)"\)/g)) {
    const resolved = resolveImport(match[1] ?? match[2]!, file);
    if (resolved) sourcesOf(resolved, seen);
  }
  return seen;
}

describe("page texts", () => {
  it.each(pages)("%s only uses texts of the catalogues it loads", (page) => {
    const file = join(__dirname, page);
    const area = page.split("/")[2]!.toLowerCase();
    const declared = readFileSync(file, "utf8").match(/export const catalogues = \[([^\]]*)\]/);
    const allowed = new Set([
      "shell",
      area,
      ...(declared?.[1]?.match(/"([^"]+)"/g) ?? []).map((name: string) => name.slice(1, -1)),
    ]);
    const missing: string[] = [];
    for (const source of sourcesOf(file)) {
      const text = readFileSync(source, "utf8");
      for (const [, key] of text.matchAll(/"([a-z_]+\.[a-z_.]+)"/g)) {
        const owner = areaOfKey.get(key!);
        if (owner && !allowed.has(owner)) missing.push(`${key} (${owner})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
