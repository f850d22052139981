/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

// The admin UI is served by the Rust server under /admin; in development Vite proxies the API.
export default defineConfig({
  base: "/admin/",
  plugins: [wasm(), react()],
  build: { target: "es2022", chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? "8080"}` },
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
