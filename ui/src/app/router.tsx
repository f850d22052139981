// Routes of the admin, under /admin. The named routes come from the core's table (shell.md §2):
// each is guarded by the core's permission rule, editor routes render full-screen, the others
// inside the drawer and top bar.
import { type ReactNode, Suspense, lazy } from "react";
import { Navigate, Outlet, createBrowserRouter } from "react-router";
import { PageSkeleton } from "../components/Skeletons";
import { type RouteInfo, mayOpen, routes } from "../core";
import { AccountSettingsPage } from "../features/account/AccountSettingsPage";
import { PersonalizedFormPage } from "../features/account/PersonalizedFormPage";
import { PersonalizedPage } from "../features/account/PersonalizedPage";
import { ProfilePage } from "../features/account/ProfilePage";
import { SettingsPage } from "../features/account/SettingsPage";
import { StoresPage } from "../features/account/StoresPage";
import { TermsPage } from "../features/account/TermsPage";
import { AcceptPage } from "../features/auth/components/AcceptPage";
import { ForgotPage } from "../features/auth/components/ForgotPage";
import { LoginPage } from "../features/auth/components/LoginPage";
import { RegisterPage } from "../features/auth/components/RegisterPage";
import { ShopPage } from "../features/auth/components/ShopPage";
import { VerifyPage } from "../features/auth/components/VerifyPage";
import { HomePage } from "../features/dashboard/components/HomePage";
import { EditorPage } from "../features/editor/components/EditorPage";
import { CollectionFormPage } from "../features/manage/collections/CollectionFormPage";
import { CollectionsPage } from "../features/manage/collections/CollectionsPage";
import { CustomerDetailPage } from "../features/manage/customers/CustomerDetailPage";
import { CustomersPage } from "../features/manage/customers/CustomersPage";
import { DiscountFormPage } from "../features/manage/discounts/DiscountFormPage";
import { DiscountsPage } from "../features/manage/discounts/DiscountsPage";
import { DomainsPage } from "../features/manage/domains/DomainsPage";
import { LiveViewPage } from "../features/manage/live-view/LiveViewPage";
import { PreferencesPage } from "../features/manage/preferences/PreferencesPage";
import { ThemesPage } from "../features/manage/themes/ThemesPage";
import { InviteStaffPage } from "../features/manage/staff/InviteStaffPage";
import { StaffMemberPage } from "../features/manage/staff/StaffMemberPage";
import { StaffPage } from "../features/manage/staff/StaffPage";
import { MenuFormPage } from "../features/manage/menus/MenuFormPage";
import { MenusPage } from "../features/manage/menus/MenusPage";
import { AbandonedCheckoutDetailPage } from "../features/manage/abandoned/AbandonedCheckoutDetailPage";
import { AbandonedCheckoutsPage } from "../features/manage/abandoned/AbandonedCheckoutsPage";
import { OrderDetailPage } from "../features/manage/orders/OrderDetailPage";
import { OrdersPage } from "../features/manage/orders/OrdersPage";
import { PageFormPage } from "../features/manage/pages/PageFormPage";
import { PagesPage } from "../features/manage/pages/PagesPage";
import { PayoutPage } from "../features/manage/payouts/PayoutPage";
import { ProductFormPage } from "../features/manage/products/ProductFormPage";
import { ProductsPage } from "../features/manage/products/ProductsPage";
import { BulkEditPage, InventoryPage } from "../features/records/BatchPages";
import { RecordFormPage, RecordListPage } from "../features/records/RecordPages";
import { AppsPage, CustomStorePage, SalesChannelsPage, TelegramPage, UpsellPage } from "../features/records/SettingPages";
import { recordSpecs } from "../features/records/kinds";
import { PixelPage } from "../features/reports/PixelPage";
import { ProfitPage } from "../features/reports/ProfitPage";
import { SalesReportPage } from "../features/reports/SalesReportPage";
import { UtmPage } from "../features/reports/UtmPage";
import { AdminLayout } from "../features/shell/components/AdminLayout";
import { NoAccessPage, PolicyViolationPage, ScreenPage } from "../features/shell/components/StatusPages";
import { useUserInfo } from "../hooks/useStoreData";
import { RequireSession } from "./RequireSession";

// The Overview brings the date picker and, later still, ECharts and the time-zone core: it is
// loaded when first opened.
const OverviewPage = lazy(() => import("../features/analytics/components/OverviewPage").then((m) => ({ default: m.OverviewPage })));
// The product design editors (print areas, books) are loaded when one is opened.
const DesignEditorPage = lazy(() => import("../features/designs/DesignEditorPage").then((m) => ({ default: m.DesignEditorPage })));

/** Shows a route's screen when the user may open it, no-access otherwise. */
function Gate({ route, children }: { route: RouteInfo; children: ReactNode }) {
  const user = useUserInfo();
  if (!user.data) return <PageSkeleton />;
  return mayOpen(route.name, user.data.scopes) ? children : <Navigate to="/no-access" replace />;
}

/** The English title of a route without a screen: its last name part, spaced. */
function titleOf(route: RouteInfo): string {
  const last = route.name.split(".").pop() ?? route.name;
  return last.replace(/[-_]/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}

function screenOf(route: RouteInfo): ReactNode {
  const spec = recordSpecs[route.name];
  if (spec) return <RecordListPage key={route.name} spec={spec} />;
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
      return (
        <Suspense fallback={<PageSkeleton />}>
          <OverviewPage />
        </Suspense>
      );
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
      return (
        <Suspense fallback={<PageSkeleton />}>
          <DesignEditorPage key={route.name} kind={route.name === "print-hub-editor" ? "print" : route.name === "book-editor" ? "book" : "book2"} />
        </Suspense>
      );
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
  const spec = recordSpecs[route.name];
  if (spec) {
    return [
      { path: `${route.path}/create`, element: <RecordFormPage key={`${route.name}-new`} spec={spec} /> },
      ...(spec.editable ? [{ path: `${route.path}/:id`, element: <RecordFormPage key={route.name} spec={spec} /> }] : []),
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
    case "website.member":
      return [
        { path: `${route.path}/invite`, element: <InviteStaffPage /> },
        { path: `${route.path}/:id`, element: <StaffMemberPage /> },
      ];
    case "website.customer":
      return [{ path: `${route.path}/:id`, element: <CustomerDetailPage /> }];
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
      children: [
        {
          element: (
            <AdminLayout>
              <Outlet />
            </AdminLayout>
          ),
          children: framed.flatMap((route) => [
            { path: route.path, element: <Gate route={route}>{screenOf(route)}</Gate> },
            ...subScreensOf(route).map((screen) => ({ path: screen.path, element: <Gate route={route}>{screen.element}</Gate> })),
          ]),
        },
        ...fullScreen.map((route) => ({ path: route.path, element: <Gate route={route}>{screenOf(route)}</Gate> })),
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: "/admin" },
);
