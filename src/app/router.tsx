import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth';
import { DashboardPage } from '../features/dashboard';
import { SyncPage } from '../features/sync';
import { ChildListPage } from '../features/children';
import { CenterFormPage, CenterListPage } from '../features/centers';
import { TagListPage } from '../features/tags';
import { RoleListPage } from '../features/roles';
import { UserListPage } from '../features/users';
import { CwcFormPage, CwcListPage } from '../features/cwc';
import { MealListPage, OurServicesPage } from '../features/meals';
import { BalanceListPage } from '../features/balances';
import { ExitListPage } from '../features/exits';
import { SchemeListPage } from '../features/schemes';
import { NotificationListPage } from '../features/notifications';
import { BeneficiaryListPage } from '../features/beneficiaries';
import { exitRestoreRoutes } from '../../sync';
import { screenRoutes } from '../routes/route-table';
import { NotBuilt } from '../routes/not-built';
import { RouteError } from '../routes/route-error';
import { AboutUs } from '../routes/about-us';
import { ChildProfileRoute } from '../routes/child-profile';
import { AppLayout } from './layout/app-layout';
import { RedirectIfSignedIn, RequireAuth, RequireRoute } from './guards';
import { lazyScreen } from './lazy-screen';

// The report screens (their tables, charts and CSV export) are a chunk of their own, loaded
// when first opened, so a field worker's start does not parse them.
const reports = () => import('../features/reports');
const ReportPage = lazyScreen(() => reports().then((m) => m.ReportPage));
const ReportDetailsPage = lazyScreen(() => reports().then((m) => m.ReportDetailsPage));
const GroupReportPage = lazyScreen(() => reports().then((m) => m.GroupReportPage));

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
