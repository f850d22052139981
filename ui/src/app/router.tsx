// Routes of the admin, under /admin. The named routes come from the core's table (shell.md §2):
// each is guarded by the core's permission rule, editor routes render full-screen, the others
// inside the drawer and top bar. A declarative router (BrowserRouter and useRoutes): the app
// uses no loaders or actions, and the data router would add about 16 kB gzipped to the first
// download.
import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, lazy, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, useNavigate, useRoutes } from "react-router";
import { PageSkeleton, ScreenLoader } from "../components/Skeletons";
import { type RouteInfo, landingPath, mayOpen, routes } from "../core";
import { LoginPage } from "../features/auth/components/LoginPage";
import { recordRoutes } from "../features/records/routes";
import { usePublicConfig, useStoreStatus, useUserInfo } from "../hooks/useStoreData";
import { errorText } from "../lib/errors";

const RELOADED = "storeloom.screenReload";

/** Fetches a screen's chunk. One that cannot be fetched while the browser is online most likely
 * belongs to an older build (a newer one replaced its files while the tab was open): the page
 * is reloaded, once, to run the newer build. Offline, the error stands. */
async function fetchScreen<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED);
    return module;
  } catch (error) {
    if (!navigator.onLine || sessionStorage.getItem(RELOADED) !== null) throw error;
    sessionStorage.setItem(RELOADED, "1");
    window.location.reload();
    return new Promise<M>(() => {});
  }
}

/** A screen loaded when first opened: its module's named export through React.lazy. */
// React.lazy's own bound is ComponentType<any>: a screen's props are whatever its export takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await fetchScreen(load))[name] }));
}

// The session guard (with the motion set-up) and the frame (drawer, top bar, notifications,
// onboarding): fetched at once when the admin opens on a signed-in page, and soon after the
// sign-in page has painted otherwise, so that they are there when the user has signed in.
const loadSignedIn = () => import("./RequireSession");
const loadFrame = () => import("../features/shell/components/AdminLayout");
const RequireSession = lazyScreen(loadSignedIn, "RequireSession");
const AdminLayout = lazyScreen(loadFrame, "AdminLayout");
if (typeof window !== "undefined") {
  const preload = () => void Promise.all([loadSignedIn(), loadFrame()]).catch(() => {});
  if (window.location.pathname.startsWith(`${import.meta.env.BASE_URL}auth/`)) setTimeout(preload, 1000);
  else preload();
}

// Every screen but the sign-in page is its own chunk, fetched when first opened (the Overview
// brings the date picker and, later still, ECharts and the time-zone core; the editors bring
// dnd-kit and their WebAssembly build). Only the sign-in page comes with the first download.
const NotFoundPage = lazyScreen(() => import("../features/shell/components/StatusPages"), "NotFoundPage");
const UserInfoFailedPage = lazyScreen(() => import("../features/shell/components/StatusPages"), "UserInfoFailedPage");
const NotificationsPage = lazyScreen(() => import("../features/shell/components/NotificationsPage"), "NotificationsPage");
const SurveyPage = lazyScreen(() => import("../features/auth/components/SurveyPage"), "SurveyPage");
const NoAccessPage = lazyScreen(() => import("../features/shell/components/StatusPages"), "NoAccessPage");
const PolicyViolationPage = lazyScreen(() => import("../features/shell/components/StatusPages"), "PolicyViolationPage");
const ScreenPage = lazyScreen(() => import("../features/shell/components/StatusPages"), "ScreenPage");
const AccountSettingsPage = lazyScreen(() => import("../features/account/components/AccountSettingsPage"), "AccountSettingsPage");
const PersonalizedFormPage = lazyScreen(() => import("../features/account/components/PersonalizedFormPage"), "PersonalizedFormPage");
const PersonalizedPage = lazyScreen(() => import("../features/account/components/PersonalizedPage"), "PersonalizedPage");
const ProfilePage = lazyScreen(() => import("../features/account/components/ProfilePage"), "ProfilePage");
const SettingsPage = lazyScreen(() => import("../features/account/components/SettingsPage"), "SettingsPage");
const StoresPage = lazyScreen(() => import("../features/account/components/StoresPage"), "StoresPage");
const TermsPage = lazyScreen(() => import("../features/account/components/TermsPage"), "TermsPage");
const PaymentGatewayPage = lazyScreen(() => import("../features/billing/components/PaymentGatewayPage"), "PaymentGatewayPage");
const PlansPage = lazyScreen(() => import("../features/billing/components/PlansPage"), "PlansPage");
const AcceptPage = lazyScreen(() => import("../features/auth/components/AcceptPage"), "AcceptPage");
const ForgotPage = lazyScreen(() => import("../features/auth/components/ForgotPage"), "ForgotPage");
const RegisterPage = lazyScreen(() => import("../features/auth/components/RegisterPage"), "RegisterPage");
const ShopPage = lazyScreen(() => import("../features/auth/components/ShopPage"), "ShopPage");
const VerifyPage = lazyScreen(() => import("../features/auth/components/VerifyPage"), "VerifyPage");
const HomePage = lazyScreen(() => import("../features/dashboard/components/HomePage"), "HomePage");
const EditorPage = lazyScreen(() => import("../features/theme-editor/components/EditorPage"), "EditorPage");
const CollectionFormPage = lazyScreen(() => import("../features/collections/components/CollectionFormPage"), "CollectionFormPage");
const CollectionsPage = lazyScreen(() => import("../features/collections/components/CollectionsPage"), "CollectionsPage");
const CustomerFormPage = lazyScreen(() => import("../features/customers/components/CustomerFormPage"), "CustomerFormPage");
const CustomerDetailPage = lazyScreen(() => import("../features/customers/components/CustomerDetailPage"), "CustomerDetailPage");
const CustomersPage = lazyScreen(() => import("../features/customers/components/CustomersPage"), "CustomersPage");
const DiscountFormPage = lazyScreen(() => import("../features/discounts/components/DiscountFormPage"), "DiscountFormPage");
const DiscountsPage = lazyScreen(() => import("../features/discounts/components/DiscountsPage"), "DiscountsPage");
const DomainsPage = lazyScreen(() => import("../features/domains/components/DomainsPage"), "DomainsPage");
const LiveViewPage = lazyScreen(() => import("../features/live-view/components/LiveViewPage"), "LiveViewPage");
const PreferencesPage = lazyScreen(() => import("../features/preferences/components/PreferencesPage"), "PreferencesPage");
const ThemesPage = lazyScreen(() => import("../features/themes/components/ThemesPage"), "ThemesPage");
const InviteStaffPage = lazyScreen(() => import("../features/staff/components/InviteStaffPage"), "InviteStaffPage");
const StaffMemberPage = lazyScreen(() => import("../features/staff/components/StaffMemberPage"), "StaffMemberPage");
const StaffPage = lazyScreen(() => import("../features/staff/components/StaffPage"), "StaffPage");
const MenuFormPage = lazyScreen(() => import("../features/menus/components/MenuFormPage"), "MenuFormPage");
const MenusPage = lazyScreen(() => import("../features/menus/components/MenusPage"), "MenusPage");
const AbandonedCheckoutDetailPage = lazyScreen(() => import("../features/abandoned/components/AbandonedCheckoutDetailPage"), "AbandonedCheckoutDetailPage");
const AbandonedCheckoutsPage = lazyScreen(() => import("../features/abandoned/components/AbandonedCheckoutsPage"), "AbandonedCheckoutsPage");
const OrderDetailPage = lazyScreen(() => import("../features/orders/components/OrderDetailPage"), "OrderDetailPage");
const OrdersPage = lazyScreen(() => import("../features/orders/components/OrdersPage"), "OrdersPage");
const PageFormPage = lazyScreen(() => import("../features/pages/components/PageFormPage"), "PageFormPage");
const PagesPage = lazyScreen(() => import("../features/pages/components/PagesPage"), "PagesPage");
const PayoutPage = lazyScreen(() => import("../features/payouts/components/PayoutPage"), "PayoutPage");
const ProductFormPage = lazyScreen(() => import("../features/products/components/ProductFormPage"), "ProductFormPage");
const ProductsPage = lazyScreen(() => import("../features/products/components/ProductsPage"), "ProductsPage");
const BulkEditPage = lazyScreen(() => import("../features/records/components/BatchPages"), "BulkEditPage");
const InventoryPage = lazyScreen(() => import("../features/records/components/BatchPages"), "InventoryPage");
const RecordFormScreen = lazyScreen(() => import("../features/records/components/RecordScreens"), "RecordFormScreen");
const RecordListScreen = lazyScreen(() => import("../features/records/components/RecordScreens"), "RecordListScreen");
const AppsPage = lazyScreen(() => import("../features/records/components/SettingPages"), "AppsPage");
const CustomStorePage = lazyScreen(() => import("../features/records/components/SettingPages"), "CustomStorePage");
const SalesChannelsPage = lazyScreen(() => import("../features/records/components/SettingPages"), "SalesChannelsPage");
const TelegramPage = lazyScreen(() => import("../features/records/components/SettingPages"), "TelegramPage");
const UpsellPage = lazyScreen(() => import("../features/records/components/SettingPages"), "UpsellPage");
const PixelPage = lazyScreen(() => import("../features/reports/components/PixelPage"), "PixelPage");
const ProfitPage = lazyScreen(() => import("../features/reports/components/ProfitPage"), "ProfitPage");
const SalesReportPage = lazyScreen(() => import("../features/reports/components/SalesReportPage"), "SalesReportPage");
const UtmPage = lazyScreen(() => import("../features/reports/components/UtmPage"), "UtmPage");
const OverviewPage = lazyScreen(() => import("../features/analytics/components/OverviewPage"), "OverviewPage");
const DesignEditorPage = lazyScreen(() => import("../features/design-editor/components/DesignEditorPage"), "DesignEditorPage");

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
  return last.replace(/[-_]/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}

function screenOf(route: RouteInfo): ReactNode {
  if (recordRoutes[route.name]) return <RecordListScreen key={route.name} route={route.name} />;
  switch (route.name) {
    case "website":
      return <HomePage />;
    case "website.orders":
      return <OrdersPage />;
    case "website.abandoned":
      return <AbandonedCheckoutsPage />;
    case "website.products":
      return <ProductsPage />;
    case "website.collections":
      return <CollectionsPage />;
    case "website.discount.code":
      return <DiscountsPage method="code" />;
    case "website.discount.automatic":
      return <DiscountsPage method="automatic" />;
    case "website.customer":
      return <CustomersPage />;
    case "website.pages":
      return <PagesPage />;
    case "website.menus":
      return <MenusPage />;
    case "website.domain":
      return <DomainsPage />;
    case "website.member":
      return <StaffPage />;
    case "website.settings.payout":
      return <PayoutPage />;
    case "website.analytics":
      return <OverviewPage />;
    case "website.live-view":
      return <LiveViewPage />;
    case "website.settings.themes":
      return <ThemesPage />;
    case "website.preferences":
      return <PreferencesPage />;
    case "website.themes.editor":
      return <EditorPage />;
    case "website.products.create":
    case "website.products.update":
      return <ProductFormPage />;
    case "website.inventory":
      return <InventoryPage />;
    case "website.products.bulkEdit":
      return <BulkEditPage />;
    case "website.apps":
      return <AppsPage />;
    case "website.upsell":
    case "website.apps.widgets.list":
      return <UpsellPage />;
    case "website.sales-channel":
      return <SalesChannelsPage />;
    case "website.notification":
      return <TelegramPage />;
    case "website.themes":
      return <CustomStorePage />;
    case "website.sales-reports":
      return <SalesReportPage />;
    case "website.estimated-profit":
      return <ProfitPage />;
    case "website.utm-analystics":
      return <UtmPage />;
    case "website.pixel.sharePixel":
      return <PixelPage />;
    case "website.profile":
      return <ProfilePage />;
    case "website.settings":
      return <SettingsPage />;
    case "website.settings.account":
      return <AccountSettingsPage />;
    case "website.stores":
      return <StoresPage />;
    case "website.terms-of-service":
      return <TermsPage />;
    case "website.product-personalized":
      return <PersonalizedPage />;
    case "print-hub-editor":
    case "book-editor":
    case "book2-editor":
      return <DesignEditorPage key={route.name} kind={route.name === "print-hub-editor" ? "print" : route.name === "book-editor" ? "book" : "book2"} />;
    case "no-access":
      return <NoAccessPage />;
    case "policy-violation":
      return <PolicyViolationPage />;
    default:
      return <ScreenPage name={route.name} label={titleOf(route)} />;
  }
}

/** Screens under a named route's path that the spec does not name (a record's detail or
 * form): they open behind the same route's permission. */
function subScreensOf(route: RouteInfo): { path: string; element: ReactNode }[] {
  const kind = recordRoutes[route.name];
  if (kind) {
    return [
      { path: `${route.path}/create`, element: <RecordFormScreen key={`${route.name}-new`} route={route.name} /> },
      ...(kind.editable ? [{ path: `${route.path}/:id`, element: <RecordFormScreen key={route.name} route={route.name} /> }] : []),
    ];
  }
  switch (route.name) {
    case "website.orders":
      return [{ path: `${route.path}/detail/:id`, element: <OrderDetailPage /> }];
    case "website.abandoned":
      return [{ path: `${route.path}/:id`, element: <AbandonedCheckoutDetailPage /> }];
    case "website.collections":
      return [
        { path: `${route.path}/create`, element: <CollectionFormPage /> },
        { path: `${route.path}/:id`, element: <CollectionFormPage /> },
      ];
    case "website.pages":
      return [
        { path: `${route.path}/create`, element: <PageFormPage /> },
        { path: `${route.path}/:id`, element: <PageFormPage /> },
      ];
    case "website.menus":
      return [
        { path: `${route.path}/create`, element: <MenuFormPage /> },
        { path: `${route.path}/:id`, element: <MenuFormPage /> },
      ];
    // The gateway calls need the payout route's scope (`checkout`): the screen sits under
    // Settings behind the same permission.
    case "website.settings.payout":
      return [{ path: "/settings/payment-gateway", element: <PaymentGatewayPage /> }];
    case "website.settings.account":
      return [{ path: `${route.path}/plans`, element: <PlansPage /> }];
    case "website.member":
      return [
        { path: `${route.path}/invite`, element: <InviteStaffPage /> },
        { path: `${route.path}/:id`, element: <StaffMemberPage /> },
      ];
    case "website.customer":
      return [
        { path: `${route.path}/:id`, element: <CustomerDetailPage /> },
        { path: `${route.path}/:id/edit`, element: <CustomerFormPage /> },
      ];
    case "website.product-personalized":
      return [
        { path: `${route.path}/create`, element: <PersonalizedFormPage /> },
        { path: `${route.path}/:id`, element: <PersonalizedFormPage /> },
      ];
    case "website.discount.code":
    case "website.discount.automatic": {
      const method = route.name === "website.discount.code" ? "code" : "automatic";
      return [
        { path: `${route.path}/create`, element: <DiscountFormPage key={`${method}-new`} method={method} /> },
        { path: `${route.path}/:id`, element: <DiscountFormPage key={method} method={method} /> },
      ];
    }
    default:
      return [];
  }
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
      { path: "/auth/login", element: <LoginPage /> },
      { path: "/auth/forgot", element: <ForgotPage /> },
      { path: "/auth/register", element: <RegisterPage /> },
      { path: "/auth/shop", element: <ShopPage /> },
      { path: "/auth/survey", element: <SurveyPage /> },
      { path: "/auth/verify", element: <VerifyPage /> },
      { path: "/auth/accept", element: <AcceptPage /> },
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
                ...subScreensOf(route).map((screen) => ({ path: screen.path, element: <Gate route={route}>{screen.element}</Gate> })),
              ]),
              // The store's notifications, read and unread, a page at a time (any member).
              { path: "/notifications", element: <NotificationsPage /> },
              // An address that is no page: said so, with a way home.
              { path: "*", element: <NotFoundPage /> },
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
  useEffect(() => {
    navigateOutside = (path) => void navigate(path);
  }, [navigate]);
  return useRoutes(routeTree);
}

/** Navigates from outside React (the API client's sign-out on a refused session). */
export function navigateTo(path: string): void {
  navigateOutside?.(path);
}
