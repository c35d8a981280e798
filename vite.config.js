import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The build lands in static/dist/ and is served by Django (whitenoise) under this URL.
export default defineConfig({
  base: "/static/dist/",
  plugins: [react(), tailwindcss()],
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
