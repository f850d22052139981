// Routes of the admin, under /admin.
import { createBrowserRouter } from "react-router";
import { ForgotPage } from "../features/auth/components/ForgotPage";
import { LoginPage } from "../features/auth/components/LoginPage";
import { RegisterPage } from "../features/auth/components/RegisterPage";
import { ShopPage } from "../features/auth/components/ShopPage";
import { HomePage } from "../features/dashboard/components/HomePage";
import { RequireSession } from "./RequireSession";

export const router = createBrowserRouter(
  [
    { path: "/auth/login", element: <LoginPage /> },
    { path: "/auth/forgot", element: <ForgotPage /> },
    { path: "/auth/register", element: <RegisterPage /> },
    { path: "/auth/shop", element: <ShopPage /> },
    {
      element: <RequireSession />,
      children: [{ path: "/", element: <HomePage /> }],
    },
    { path: "*", element: <RequireSession /> },
  ],
  { basename: "/admin" },
);
