import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** Inertia's React package creates its components at the top of its module with calls a
 * bundler must assume to have effects (`forwardRef(…)`, `createContext(…)`, then
 * `X.displayName = …`), so the components Platforma never uses (<Form>, <InfiniteScroll>)
 * and what only they use stayed in the entry every page loads: ~6 KB gzip of the 120 KB
 * budget of /login's first load. The calls have no effects: marked pure, with the name set
 * in the same expression, tree-shaking drops what nothing uses and keeps the rest as it
 * was. Lines keep their places, so the module's source map still holds. */
function inertiaPureComponents() {
  const CREATE = /^(var \w+ = )((?:forwardRef|createContext)\d*\()/gm;
  const NAMED =
    /^(var (\w+) = )(\/\* @__PURE__ \*\/ forwardRef\d*\([\s\S]*?\n\));\n\2\.displayName = ("[^"\n]*");$/gm;
  return {
    name: "platforma:inertia-pure-components",
    transform(code, id) {
      if (!/[\\/]@inertiajs[\\/]react[\\/]dist[\\/]index\.js$/.test(id)) return null;
      const marked = code.replace(CREATE, "$1/* @__PURE__ */ $2");
      const named = marked.replace(
        NAMED,
        "$1/* @__PURE__ */ Object.assign($3, { displayName: $4 });\n",
      );
      if (named === marked)
        this.warn("No Inertia component could be marked pure: its bundle changed shape");
      return { code: named, map: null };
    },
  };
}

// The build lands in static/dist/ and is served by Django (whitenoise) under this URL.
export default defineConfig({
  base: "/static/dist/",
  plugins: [react(), tailwindcss(), inertiaPureComponents()],
  resolve: { alias: { "@": fileURLToPath(new URL("./frontend", import.meta.url)) } },
  build: {
    manifest: true,
    outDir: "static/dist",
    emptyOutDir: true,
    rollupOptions: { input: "frontend/main.tsx" },
  },
  server: { host: "127.0.0.1", port: 5173, origin: "http://127.0.0.1:5173", strictPort: true },
  test: {
    environment: "jsdom",
    include: ["frontend/**/*.test.{ts,tsx}"],
  },
});
