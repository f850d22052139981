// The sign-in pages for the router, outside the session guard. The sign-in page comes with the
// first download; the others are each loaded when first opened.
import { type Screens, lazyScreen } from "../../lib/screens";
import { LoginPage } from "./components/LoginPage";

const ForgotPage = lazyScreen(() => import("./components/ForgotPage"), "ForgotPage");
const RegisterPage = lazyScreen(() => import("./components/RegisterPage"), "RegisterPage");
const ShopPage = lazyScreen(() => import("./components/ShopPage"), "ShopPage");
const SurveyPage = lazyScreen(() => import("./components/SurveyPage"), "SurveyPage");
const VerifyPage = lazyScreen(() => import("./components/VerifyPage"), "VerifyPage");
const AcceptPage = lazyScreen(() => import("./components/AcceptPage"), "AcceptPage");

export const screens: Screens = {
  open: [
    { path: "/auth/login", element: <LoginPage /> },
    { path: "/auth/forgot", element: <ForgotPage /> },
    { path: "/auth/register", element: <RegisterPage /> },
    { path: "/auth/shop", element: <ShopPage /> },
    { path: "/auth/survey", element: <SurveyPage /> },
    { path: "/auth/verify", element: <VerifyPage /> },
    { path: "/auth/accept", element: <AcceptPage /> },
  ],
};
