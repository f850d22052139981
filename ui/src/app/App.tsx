// Providers: theme, notifications, server data, translations; then the routes.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router";
import { renewSession } from "../features/auth/api/renew";
import { useSession } from "../features/auth/store/session";
import i18n from "../i18n";
import { ApiError, configureApi } from "../lib/api";
import { router } from "./router";

configureApi({
  credentials: () => useSession.getState(),
  renew: renewSession,
  onUnauthorized: () => {
    useSession.getState().logout();
    void router.navigate("/auth/login");
  },
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A client error will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const theme = createTheme({ primaryColor: "indigo", defaultRadius: "md" });

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
