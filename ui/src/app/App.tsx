// Providers: theme, notifications, server data, translations; then the routes.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { Badge, type CSSVariablesResolver, MantineProvider, createTheme } from "@mantine/core";
import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, lazy } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import i18n from "../i18n";
import { ApiError, configureApi } from "../lib/api";
// Before the router: Back and Forward can then be held for a form's unsaved edits.
import "../lib/popGuard";
import { AppRoutes, navigateTo } from "./router";
import { renewDue, renewSession, signInAgainPath, useSession } from "./session";

configureApi({
  credentials: () => useSession.getState(),
  renew: renewSession,
  renewDue,
  onUnauthorized: () => {
    useSession.getState().logout();
    // Signing in again comes back to the page the user was on. Several calls refused together
    // each say so: the first one leaves for the sign-in page, the others find it there.
    if (!window.location.pathname.startsWith(`${import.meta.env.BASE_URL}auth/`)) navigateTo(signInAgainPath());
  },
});

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** Raise the global success and error events (shell.md §8): a toast with the server's
       * messages joined, or 'Success' / 'Oops! Unknown error!'. `"error"` raises only the
       * error event (the screen says what succeeded in place). */
      events?: "both" | "error";
    };
  }
}

// The notifications' container (toasts, their transitions) comes after the first paint; a
// notification shown before it arrives waits in Mantine's store and appears with it.
const Notifications = lazy(() => import("@mantine/notifications").then((module) => ({ default: module.Notifications })));

const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: (data, _variables, _context, mutation) => {
      // Any change may move what the plan limits counts (a product, a theme, a staff account, the plan).
      void queryClient.invalidateQueries({ queryKey: ["planLimits"] });
      if (mutation.meta?.events === "both") void import("../lib/events").then((events) => events.notifySuccess(data));
    },
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.events) void import("../lib/events").then((events) => events.notifyError(error));
    },
  }),
  defaultOptions: {
    queries: {
      // A client error will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Shades dark enough for WCAG AA contrast on white: the primary colour at shade 8, and dimmed
// text at gray 7 (Mantine's defaults fall below 4.5:1).
// Mantine's own CSS transitions (menus, the desktop drawer's width) also stop under reduced motion.
const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: 8,
  defaultRadius: "md",
  respectReducedMotion: true,
  components: {
    // A badge says a status in a word or two: never cut to "NOT P…" in a narrow column (its
    // column widens and the table scrolls instead), never shrunk over its neighbour.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, maxWidth: "none", overflow: "visible" }, label: { overflow: "visible" } } }),
  },
});
// Light badges and buttons: text dark enough for 4.5:1 on their own tint (Mantine's shades
// stop near 3.9:1 there).
const LIGHT_TEXT: Record<string, string> = {
  "--mantine-color-green-light-color": "#1e5b2c",
  "--mantine-color-orange-light-color": "#8a3a00",
  "--mantine-color-yellow-light-color": "#6e4600",
  "--mantine-color-gray-light-color": "#3d4248",
  "--mantine-color-blue-light-color": "#0d4a85",
  "--mantine-color-indigo-light-color": "#2c3391",
  "--mantine-color-red-light-color": "#9a1b1b",
  "--mantine-color-dark-light-color": "#1a1b1e",
};
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    ...LIGHT_TEXT,
  },
  dark: {},
});

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          {/* At the bottom, clear of the top bar's bell and avatar and of the save bar. */}
          <Notifications position="bottom-center" />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          {/* Without transitions, a click changes the address and the screen together: the new
              screen (or its skeleton, while its code arrives) replaces the old one at once,
              instead of the old one staying a moment under the new address. */}
          <BrowserRouter basename="/admin" useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
