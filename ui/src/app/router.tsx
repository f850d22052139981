// Routes of the admin, under /admin. The named routes come from the core's table (shell.md §2):
// each is guarded by the core's permission rule, editor routes render full-screen, the others
// inside the drawer and top bar. A declarative router (BrowserRouter and useRoutes): the app
// uses no loaders or actions, and the data router would add about 16 kB gzipped to the first
// download. The screens come from the features (each lists its own in its screens.tsx, merged by
// screens.ts): every screen but the sign-in page is its own chunk, fetched when first opened.
import { type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, matchRoutes, useLocation, useNavigate, useRoutes } from "react-router";
import { PageSkeleton, ScreenLoader } from "../components/Skeletons";
import { type RouteInfo, landingPath, mayOpen, routes } from "../core";
import { AdminLayout, ScreenPage, UserInfoFailedPage, loadFrame } from "../features/shell/screens";
import { usePublicConfig, useStoreStatus, useUserInfo } from "../hooks/useStoreData";
import { errorText } from "../lib/errors";
import { lazyScreen, preloadScreens } from "../lib/screens";
import { screens } from "./screens";

// The session guard (with the motion set-up) and the frame (drawer, top bar, notifications,
// onboarding): fetched at once when the admin opens on a signed-in page, and soon after the
// sign-in page has painted otherwise, so that they are there when the user has signed in.
const loadSignedIn = () => import("./RequireSession");
const RequireSession = lazyScreen(loadSignedIn, "RequireSession");
if (typeof window !== "undefined") {
  const preload = () => void Promise.all([loadSignedIn(), loadFrame()]).catch(() => {});
  if (window.location.pathname.startsWith(`${import.meta.env.BASE_URL}auth/`)) setTimeout(preload, 1000);
  else preload();
}

/** The dashboard for a user who may not open it (staff without `homes`): the first screen their
 * menu lets them open, as the core computes it. */
function Landing({ scopes, email }: { scopes: string[]; email: string }) {
  const config = usePublicConfig();
  const store = useStoreStatus();
  if (config.isPending || store.isPending) return <PageSkeleton />;
  const path = landingPath({
    email,
    scopes,
    operatorDomain: config.data?.operatorEmailDomain ?? "",
    businessType: store.data?.businessType === "dropship" ? "dropship" : "other",
  });
  return <Navigate to={path} replace />;
}

/** Shows a route's screen when the user may open it, no-access otherwise. While the user's info
 * is on its way, a skeleton; when it cannot be read, a way to try again (the frame re-runs the
 * authentication check first, shell.md §8). */
function Gate({ route, children }: { route: RouteInfo; children: ReactNode }) {
  const user = useUserInfo();
  if (!user.data && user.isError) return <UserInfoFailedPage message={errorText(user.error)} onRetry={() => void user.refetch()} />;
  if (!user.data) return <PageSkeleton />;
  if (mayOpen(route.name, user.data.scopes)) return children;
  if (route.name === "website") return <Landing scopes={user.data.scopes} email={user.data.email} />;
  return <Navigate to="/no-access" replace />;
}

/** The English title of a route without a screen: its last name part, spaced. */
function titleOf(route: RouteInfo): string {
  const last = route.name.split(".").pop() ?? route.name;
  return last
    .replace(/[-_]/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase());
}

/** A named route's screen: the one a feature draws, else a page saying what the route is. */
function screenOf(route: RouteInfo): ReactNode {
  return screens.named(route) ?? <ScreenPage name={route.name} label={titleOf(route)} />;
}

const table = routes();
const framed = table.filter((route) => !route.fullScreen);
const fullScreen = table.filter((route) => route.fullScreen);

const routeTree: RouteObject[] = [
  {
    // A screen whose chunk is on its way: outside the frame, an empty screen with a spinner.
    element: (
      <Suspense fallback={<ScreenLoader />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      ...screens.open,
      {
        element: <RequireSession />,
        children: [
          {
            element: (
              <AdminLayout>
                {/* Inside the frame, the page's skeleton where the page will be: nothing moves. */}
                <Suspense fallback={<PageSkeleton />}>
                  <Outlet />
                </Suspense>
              </AdminLayout>
            ),
            children: [
              ...framed.flatMap((route) => [
                { path: route.path, element: <Gate route={route}>{screenOf(route)}</Gate> },
                ...screens.under(route).map((screen) => ({ path: screen.path, element: <Gate route={route}>{screen.element}</Gate> })),
              ]),
              // Pages any member may open (notifications) and the page for an address that is none.
              ...screens.framed,
            ],
          },
          ...fullScreen.map((route) => ({ path: route.path, element: <Gate route={route}>{screenOf(route)}</Gate> })),
        ],
      },
    ],
  },
];

let navigateOutside: ((path: string) => void) | undefined;

/** The admin's routes, under the BrowserRouter of App.tsx. */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    navigateOutside = (path) => void navigate(path);
  }, [navigate]);
  // The screen at the address, fetched alongside the guard and the frame (which wait for the
  // session's checks before they render it).
  useEffect(() => {
    for (const match of matchRoutes(routeTree, pathname) ?? []) preloadScreens(match.route.element);
  }, [pathname]);
  return useRoutes(routeTree);
}

/** Navigates from outside React (the API client's sign-out on a refused session). */
export function navigateTo(path: string): void {
  navigateOutside?.(path);
}
