// Entry point of the admin UI.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./i18n";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The service worker keeps the built admin so that it opens without a network (the theme
// editor's drafts are worked on offline). Not in development, where Vite serves the files.
// The WebAssembly core's top-level await can run this module after the page's load event.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch(() => {
      // Without it the admin still works online; only opening it offline is lost.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

// A Vietnamese user's texts arrive first, so that no English flashes before them.
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
