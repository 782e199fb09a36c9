import { can, canOpenRoute, isAdministrator, isViewer, type Principal } from '../../../sync';

/** A sidebar entry: a link, a group of links, or a child that opens the beneficiaries dialog. */
export type SidebarLink = { label: string; path: string; modal?: boolean };
export type SidebarGroup = { label: string; path?: string; children?: SidebarLink[] };

const exitLinks: SidebarLink[] = [
  { label: 'Escort by Police', path: '/cwc-by-police' },
  { label: 'Escort by staff', path: '/cwc-by-staff' },
  { label: 'Escort by Third Party', path: '/cwc-by-third-party' },
  { label: 'Rehabilitation/ Set Free', path: '/rehabilitation-set-free' },
  { label: 'Run Away', path: '/run-away' },
  { label: 'After Care', path: '/after-care' },
  { label: 'Higher Education', path: '/higher-education' },
  { label: 'Exited after taking services/ Dropout', path: '/dropout' },
  { label: 'Short Stay', path: '/short-stay' },
  { label: 'Short Stay Registration', path: '/short-stay-register' },
  { label: 'Placed to a shelter', path: '/other-ngo' },
  { label: 'IO Police', path: '/io-police' },
  { label: 'Transfer to Home State CWC', path: '/home-state-cwc-transfer' },
  { label: 'Transfer to other NGO/CCI', path: '/cwc-other-cci' },
];

const restorationLinks: SidebarLink[] = [
  { label: 'Restoration', path: '/restoration' },
  { label: 'Follow Up', path: '/followup' },
  { label: 'Rescue', path: '/cwc-rescue' },
];

/**
 * The sidebar groups of spec part 1, section 2, filtered per role as section 6 says:
 * administrators see the administration screens; viewers see exit, restoration,
 * meals, reports and previous balance; others see exit and restoration only with
 * exit_restore view and meal management only with meal_type view. No link is offered
 * whose route the role may not open (a list of children needs their read permission,
 * sync/SPEC.md R21), and a group left without links goes too.
 */
export function sidebarFor(user: Principal): SidebarGroup[] {
  const admin = isAdministrator(user);
  const viewer = isViewer(user);
  const exitRestore = admin || viewer || can(user, 'view', 'exit_restore');
  const mealTypes = admin || viewer || can(user, 'view', 'meal_type');
  const readers = admin || viewer;

  const groups: Array<SidebarGroup | false> = [
    { label: 'Dashboard', path: '/dashboard' },
    { label: 'Child Registration List', path: '/child-registration' },
    {
      label: 'CWC Management',
      children: [
        { label: 'Produce', path: '/produce' },
        { label: 'Refer', path: '/refer' },
      ],
    },
    exitRestore && { label: 'Exit Management', children: exitLinks },
    exitRestore && { label: 'Restoration Management', children: restorationLinks },
    {
      label: 'Our Services',
      children: [
        ...(readers ? [{ label: 'Meals Management', path: '/meals-management' }] : []),
        { label: 'Education', path: '/education', modal: true },
        { label: 'Medical', path: '/medical', modal: true },
        { label: 'MHP', path: '/mhp', modal: true },
      ],
    },
    mealTypes && { label: 'Meal Management', path: '/manage-meals' },
    admin && { label: 'Roles Management', path: '/roles-management' },
    admin && { label: 'Social Protection Scheme', path: '/sps-management' },
    admin && {
      label: 'Users Management',
      children: [
        { label: 'Users', path: '/users-management' },
        { label: 'Center Management', path: '/center-management' },
        { label: 'Tag Management', path: '/tag-management' },
      ],
    },
    { label: 'About Us', path: '/aboutus' },
    { label: 'Group Report', path: '/groupReports' },
    readers && { label: 'Reports', path: '/reports' },
    readers && { label: 'Previous Balance', path: '/previous-balance' },
  ];
  return groups
    .filter((g): g is SidebarGroup => Boolean(g))
    .map((g) => (g.children ? { ...g, children: g.children.filter((c) => canOpenRoute(user, c.path)) } : g))
    .filter((g) => (g.children ? g.children.length > 0 : !g.path || canOpenRoute(user, g.path)));
}
