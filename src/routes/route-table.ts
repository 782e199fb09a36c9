import { ADMIN_TITLE, exitListConfig, exitRestoreRoutes } from '../../sync/shell';

/** A screen of the spec: its path and the heading the header shows. */
export type ScreenRoute = { path: string; title: string };

const exitRoutes: ScreenRoute[] = Object.keys(exitRestoreRoutes).map((path) => ({
  path,
  title: exitListConfig(path)!.title,
}));

/** Every route of both spec parts (part 1 section 2, part 2 section 2). */
export const screenRoutes: ScreenRoute[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/child-registration', title: 'Child Registration List' },
  { path: '/child-registration/profile', title: 'Child Registration' },
  { path: '/center-management', title: 'Centers Management' },
  { path: '/center-management/add-center', title: 'Centers Management' },
  { path: '/tag-management', title: 'Tags Management' },
  { path: '/roles-management', title: 'Roles Management' },
  { path: '/users-management', title: 'Users Management' },
  { path: '/produce', title: 'CWC Management' },
  { path: '/produce/add', title: 'CWC Management' },
  { path: '/refer', title: 'CWC Management' },
  { path: '/refer/add', title: 'CWC Management' },
  { path: '/aboutus', title: 'About Us' },
  { path: '/meals-management', title: 'Our Services' },
  { path: '/manage-meals', title: 'Meal Management' },
  { path: '/education', title: 'Education' },
  { path: '/medical', title: 'Medical' },
  { path: '/mhp', title: 'MHP' },
  { path: '/reports', title: 'Reports' },
  { path: '/reports/report-details', title: 'Report Details' },
  { path: '/groupReports', title: 'Group Report' },
  { path: '/groupReports/report-details', title: 'Group Report Details' },
  { path: '/previous-balance', title: 'Previous Balance' },
  { path: '/notifications', title: 'Notifications' },
  { path: '/sps-management', title: 'Social Protection Scheme' },
  { path: '/sync', title: 'Sync' },
  ...exitRoutes,
];

const titles = new Map(screenRoutes.map((r) => [r.path, r.title]));

/** The header title of `pathname`. */
export const titleOf = (pathname: string): string => titles.get(pathname.replace(/\/+$/, '') || '/') ?? '';

/** The browser tab title: the product's admin name, then the screen (in the language shown, by `label`). */
export const documentTitleOf = (pathname: string, label: (title: string) => string = (t) => t): string => {
  const title = label(titleOf(pathname));
  return title ? `${ADMIN_TITLE} | ${title}` : ADMIN_TITLE;
};
