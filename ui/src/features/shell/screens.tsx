// The shell's screens for the router: the frame (drawer, top bar, notifications, onboarding),
// the status pages and the notifications page.
import { type Screens, lazyScreen } from "../../lib/screens";

/** Fetches the frame's chunk: the router starts it early, so that the frame is there when the
 * user has signed in. */
export const loadFrame = () => import("./components/AdminLayout");
export const AdminLayout = lazyScreen(loadFrame, "AdminLayout");
/** The page of a named route that no feature draws. */
export const ScreenPage = lazyScreen(() => import("./components/StatusPages"), "ScreenPage");
/** The page shown when the user's info cannot be read, with a way to try again. */
export const UserInfoFailedPage = lazyScreen(() => import("./components/StatusPages"), "UserInfoFailedPage");
const NoAccessPage = lazyScreen(() => import("./components/StatusPages"), "NoAccessPage");
const PolicyViolationPage = lazyScreen(() => import("./components/StatusPages"), "PolicyViolationPage");
const NotFoundPage = lazyScreen(() => import("./components/StatusPages"), "NotFoundPage");
const NotificationsPage = lazyScreen(() => import("./components/NotificationsPage"), "NotificationsPage");

export const screens: Screens = {
  named: {
    "no-access": <NoAccessPage />,
    "policy-violation": <PolicyViolationPage />,
  },
  framed: [
    // The store's notifications, read and unread, a page at a time (any member).
    { path: "/notifications", element: <NotificationsPage /> },
    // An address that is no page: said so, with a way home.
    { path: "*", element: <NotFoundPage /> },
  ],
};
