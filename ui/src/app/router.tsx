// Routes of the admin, under /admin.
import { createBrowserRouter } from "react-router";
import { AcceptPage } from "../features/auth/components/AcceptPage";
import { ForgotPage } from "../features/auth/components/ForgotPage";
import { LoginPage } from "../features/auth/components/LoginPage";
import { RegisterPage } from "../features/auth/components/RegisterPage";
import { ShopPage } from "../features/auth/components/ShopPage";
import { VerifyPage } from "../features/auth/components/VerifyPage";
import { HomePage } from "../features/dashboard/components/HomePage";
import { RequireSession } from "./RequireSession";

export const router = createBrowserRouter(
  [
    { path: "/auth/login", element: <LoginPage /> },
    { path: "/auth/forgot", element: <ForgotPage /> },
    { path: "/auth/register", element: <RegisterPage /> },
    { path: "/auth/shop", element: <ShopPage /> },
    { path: "/auth/verify", element: <VerifyPage /> },
    { path: "/auth/accept", element: <AcceptPage /> },
    {
      element: <RequireSession />,
      children: [{ path: "/", element: <HomePage /> }],
    },
    { path: "*", element: <RequireSession /> },
  ],
  { basename: "/admin" },
);
