import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { exitRestoreRoutes } from '../../sync/shell';
import { screenRoutes } from '../routes/route-table';
import { NotBuilt } from '../routes/not-built';
import { RouteError } from '../routes/route-error';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { lazyScreen } from './lazy-screen';

/*
 * Every screen, the sign-in page and the signed-in layout are script chunks of their own,
 * fetched when first opened (a feature's screens share its chunk), so the first load of
 * /login parses only the shell and the sign-in form; the data layer comes later
 * (src/lib/data-layer.ts). The service worker
 * precaches every chunk, so each screen still opens offline after one online visit
 * (DESIGN.md, offline first; spec part 1, section 9: chunk load timeout).
 */
const withAllStyles =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), import('./all-styles')]).then(([chunk]) => chunk);

const chunks = {
  auth: () => import('../features/auth'),
  layout: () => import('./layout/app-layout'),
  // The dashboard shows with the layout's styles; every other screen brings all of them.
  dashboard: () => import('../features/dashboard'),
  aboutUs: withAllStyles(() => import('../routes/about-us')),
  sync: withAllStyles(() => import('../features/sync')),
  children: withAllStyles(() => import('../features/children')),
  childProfile: withAllStyles(() => import('../routes/child-profile')),
  centers: withAllStyles(() => import('../features/centers')),
  tags: withAllStyles(() => import('../features/tags')),
  roles: withAllStyles(() => import('../features/roles')),
  users: withAllStyles(() => import('../features/users')),
  cwc: withAllStyles(() => import('../features/cwc')),
  // The report screens hold the tables, charts and CSV export.
  reports: withAllStyles(() => import('../features/reports')),
  meals: withAllStyles(() => import('../features/meals')),
  balances: withAllStyles(() => import('../features/balances')),
  schemes: withAllStyles(() => import('../features/schemes')),
  notifications: withAllStyles(() => import('../features/notifications')),
  beneficiaries: withAllStyles(() => import('../features/beneficiaries')),
  exits: withAllStyles(() => import('../features/exits')),
};

/** Fetches every screen's chunk at once (tests render routes without waiting for each). */
export const preloadScreens = () => Promise.all(Object.values(chunks).map((load) => load()));

/**
 * A saved session's start fetches the signed-in layout, and the dashboard when it opens at
 * '/' or '/dashboard' (the installed app's start_url), beside the data layer instead of after
 * it: a cold start on a cheap tablet shows the dashboard's tiles sooner (DESIGN.md, who uses it).
 */
export function preloadSignedIn(pathname: string): void {
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  quietly(AppLayout.preload);
  quietly(RequireRoute.preload);
  if (pathname === '/' || pathname === '/dashboard') quietly(DashboardPage.preload);
}

const LoginPage = lazyScreen(() => chunks.auth().then((m) => m.LoginPage));
// The layout and the role check frame a screen: the screen says when it has shown.
const AppLayout = lazyScreen(() => chunks.layout().then((m) => m.AppLayout), { showsItself: true });
// The role check reads the permission rules, which the sign-in page does not need: it comes with the layout.
const RequireRoute = lazyScreen(() => chunks.layout().then((m) => m.RequireRoute), { showsItself: true });
// The dashboard has shown when its tiles have their counts (features/dashboard).
const DashboardPage = lazyScreen(() => chunks.dashboard().then((m) => m.DashboardPage), { showsItself: true });
const AboutUs = lazyScreen(() => chunks.aboutUs().then((m) => m.AboutUs));
const SyncPage = lazyScreen(() => chunks.sync().then((m) => m.SyncPage));
const ChildListPage = lazyScreen(() => chunks.children().then((m) => m.ChildListPage));
const ChildProfileRoute = lazyScreen(() => chunks.childProfile().then((m) => m.ChildProfileRoute));
const CenterListPage = lazyScreen(() => chunks.centers().then((m) => m.CenterListPage));
const CenterFormPage = lazyScreen(() => chunks.centers().then((m) => m.CenterFormPage));
const TagListPage = lazyScreen(() => chunks.tags().then((m) => m.TagListPage));
const RoleListPage = lazyScreen(() => chunks.roles().then((m) => m.RoleListPage));
const UserListPage = lazyScreen(() => chunks.users().then((m) => m.UserListPage));
const CwcListPage = lazyScreen(() => chunks.cwc().then((m) => m.CwcListPage));
const CwcFormPage = lazyScreen(() => chunks.cwc().then((m) => m.CwcFormPage));
const ReportPage = lazyScreen(() => chunks.reports().then((m) => m.ReportPage));
const ReportDetailsPage = lazyScreen(() => chunks.reports().then((m) => m.ReportDetailsPage));
const GroupReportPage = lazyScreen(() => chunks.reports().then((m) => m.GroupReportPage));
const OurServicesPage = lazyScreen(() => chunks.meals().then((m) => m.OurServicesPage));
const MealListPage = lazyScreen(() => chunks.meals().then((m) => m.MealListPage));
const BalanceListPage = lazyScreen(() => chunks.balances().then((m) => m.BalanceListPage));
const SchemeListPage = lazyScreen(() => chunks.schemes().then((m) => m.SchemeListPage));
const NotificationListPage = lazyScreen(() => chunks.notifications().then((m) => m.NotificationListPage));
const BeneficiaryListPage = lazyScreen(() => chunks.beneficiaries().then((m) => m.BeneficiaryListPage));
const ExitListPage = lazyScreen(() => chunks.exits().then((m) => m.ExitListPage));

const builtScreens: Record<string, () => React.ReactNode> = {
  '/dashboard': () => <DashboardPage />,
  '/aboutus': () => <AboutUs />,
  '/sync': () => <SyncPage />,
  '/child-registration': () => <ChildListPage />,
  '/child-registration/profile': () => <ChildProfileRoute />,
  '/center-management': () => <CenterListPage />,
  '/center-management/add-center': () => <CenterFormPage />,
  '/tag-management': () => <TagListPage />,
  '/roles-management': () => <RoleListPage />,
  '/users-management': () => <UserListPage />,
  '/produce': () => <CwcListPage kind="produce" />,
  '/produce/add': () => <CwcFormPage kind="produce" />,
  '/refer': () => <CwcListPage kind="refer" />,
  '/refer/add': () => <CwcFormPage kind="refer" />,
  '/reports': () => <ReportPage />,
  '/reports/report-details': () => <ReportDetailsPage />,
  '/groupReports': () => <GroupReportPage />,
  '/groupReports/report-details': () => <ReportDetailsPage group />,
  '/meals-management': () => <OurServicesPage />,
  '/manage-meals': () => <MealListPage />,
  '/previous-balance': () => <BalanceListPage />,
  '/sps-management': () => <SchemeListPage />,
  '/notifications': () => <NotificationListPage />,
  '/education': () => <BeneficiaryListPage key="education" service="education" />,
  '/medical': () => <BeneficiaryListPage key="medical" service="medical" />,
  '/mhp': () => <BeneficiaryListPage key="mhp" service="mhp" />,
  ...Object.fromEntries(
    Object.keys(exitRestoreRoutes).map((path) => [path, () => <ExitListPage key={path} path={path} />]),
  ),
};

/** Every route of the spec behind the auth guard and its role rule. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          ...screenRoutes.map((route) => ({
            path: route.path,
            element: (
              <RequireRoute path={route.path}>
                {builtScreens[route.path]?.() ?? <NotBuilt title={route.title} />}
              </RequireRoute>
            ),
          })),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
