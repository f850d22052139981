// The account's screens for the router: profile, settings hub, account overview, the user's
// stores, terms and the personalized products.
import { type Screens, lazyScreen } from "../../lib/screens";

const ProfilePage = lazyScreen(() => import("./components/ProfilePage"), "ProfilePage");
const SettingsPage = lazyScreen(() => import("./components/SettingsPage"), "SettingsPage");
const AccountSettingsPage = lazyScreen(() => import("./components/AccountSettingsPage"), "AccountSettingsPage");
const StoresPage = lazyScreen(() => import("./components/StoresPage"), "StoresPage");
const TermsPage = lazyScreen(() => import("./components/TermsPage"), "TermsPage");
const PersonalizedPage = lazyScreen(() => import("./components/PersonalizedPage"), "PersonalizedPage");
const PersonalizedFormPage = lazyScreen(() => import("./components/PersonalizedFormPage"), "PersonalizedFormPage");

export const screens: Screens = {
  named: {
    "website.profile": <ProfilePage />,
    "website.settings": <SettingsPage />,
    "website.settings.account": <AccountSettingsPage />,
    "website.stores": <StoresPage />,
    "website.terms-of-service": <TermsPage />,
    "website.product-personalized": <PersonalizedPage />,
  },
  under: {
    "website.product-personalized": [
      { path: "create", element: <PersonalizedFormPage /> },
      { path: ":id", element: <PersonalizedFormPage /> },
    ],
  },
};
