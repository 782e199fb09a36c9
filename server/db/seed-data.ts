import type { RolePermissions } from '../../sync/contract';

/** Center points of spec part 1 section 2, with the ids the app's filters use. */
export const CENTER_TYPE = { contactPoint: 1, openShelter: 2, home: 3, childHelpLine: 4 } as const;
export const centerTypeRows = [
  { centertypeId: CENTER_TYPE.contactPoint, centername: 'Contact Point' },
  { centertypeId: CENTER_TYPE.openShelter, centername: 'Open Shelter' },
  { centertypeId: CENTER_TYPE.home, centername: 'Home' },
  { centertypeId: CENTER_TYPE.childHelpLine, centername: 'Child Help Line' },
];

/** Center 1 is the all-center administration center (spec part 1 section 1). */
export const headOffice = {
  centertypeId: CENTER_TYPE.contactPoint,
  name: 'SBT Head Office',
  email: 'headoffice@sbt-demo.in',
  phone: '1123552345',
  prefix: 'SBTHO',
  address: '2nd Floor, DDA Community Centre, Paharganj, New Delhi 110055',
  unique_centerId: 'SBT-HO-001',
};

export const demoCenters = [
  {
    centertypeId: CENTER_TYPE.contactPoint,
    name: 'New Delhi Railway Station Contact Point',
    email: 'ndls.cp@sbt-demo.in',
    phone: '9810234561',
    prefix: 'NDLS',
    address: 'Platform 1, Ajmeri Gate side, New Delhi Railway Station, Delhi 110006',
  },
  {
    centertypeId: CENTER_TYPE.contactPoint,
    name: 'Hazrat Nizamuddin Contact Point',
    email: 'nzm.cp@sbt-demo.in',
    phone: '9810234562',
    prefix: 'NZM',
    address: 'Near Gate 2, Hazrat Nizamuddin Railway Station, Delhi 110013',
  },
  {
    centertypeId: CENTER_TYPE.contactPoint,
    name: 'Old Delhi Railway Station Contact Point',
    email: 'dli.cp@sbt-demo.in',
    phone: '9810234563',
    prefix: 'DLI',
    address: 'Chandni Chowk side, Old Delhi Railway Station, Delhi 110006',
  },
  {
    centertypeId: CENTER_TYPE.openShelter,
    name: 'Aman Open Shelter',
    email: 'aman.os@sbt-demo.in',
    phone: '9810234564',
    prefix: 'AMAN',
    address: 'Gali Qasim Jan, Ballimaran, Delhi 110006',
  },
  {
    centertypeId: CENTER_TYPE.openShelter,
    name: 'Apna Ghar Open Shelter',
    email: 'apnaghar.os@sbt-demo.in',
    phone: '9810234565',
    prefix: 'APNA',
    address: 'Multani Dhanda, Paharganj, New Delhi 110055',
  },
  {
    centertypeId: CENTER_TYPE.home,
    name: 'Khushi Home for Girls',
    email: 'khushi.home@sbt-demo.in',
    phone: '9810234566',
    prefix: 'KHG',
    address: 'Sector 10A, Gurugram, Haryana 122001',
  },
  {
    centertypeId: CENTER_TYPE.home,
    name: 'Udaan Home for Boys',
    email: 'udaan.home@sbt-demo.in',
    phone: '9810234567',
    prefix: 'UDN',
    address: 'Sector 34, Noida, Uttar Pradesh 201301',
  },
  {
    centertypeId: CENTER_TYPE.childHelpLine,
    name: 'Child Help Line 1098 Delhi',
    email: 'chl1098@sbt-demo.in',
    phone: '9810234568',
    prefix: 'CHL',
    address: 'Kamla Market, Delhi 110002',
  },
];

const on = { all: 0, create: 1, view: 1, edit: 1, delete: 0 } as const;
const viewOnly = { all: 0, create: 0, view: 1, edit: 0, delete: 0 } as const;
const none = { all: 0, create: 0, view: 0, edit: 0, delete: 0 } as const;

/** Administrators need no stored permissions (they have every one); viewer reads. */
export const builtInRoles: { name: string; permissions: RolePermissions | null }[] = [
  { name: 'superadmin', permissions: null },
  { name: 'admin', permissions: null },
  {
    name: 'viewer',
    permissions: {
      child_tracking: viewOnly,
      child_registration: viewOnly,
      cwc: viewOnly,
      meal_type: viewOnly,
      exit_restore: { view: 1 },
      child_document: { delete: 0 },
      sps: { delete: 0 },
    },
  },
];

/** The demo's custom role: a contact-point caseworker who registers and edits children. */
export const caseworkerRole = {
  name: 'caseworker',
  permissions: {
    child_tracking: viewOnly,
    child_registration: on,
    cwc: viewOnly,
    meal_type: none,
    exit_restore: { view: 0 },
    child_document: { delete: 0 },
    sps: { delete: 0 },
  } satisfies RolePermissions,
};

export const demoUsers = [
  { email: 'superadmin@demo.test', name: 'Rakesh Malhotra', role: 'superadmin', mobile: '9811100001' },
  { email: 'admin@demo.test', name: 'Anita Sharma', role: 'admin', mobile: '9811100002' },
  { email: 'viewer@demo.test', name: 'Vikram Chauhan', role: 'viewer', mobile: '9811100003' },
  { email: 'staff@demo.test', name: 'Pooja Verma', role: 'caseworker', mobile: '9811100004' },
] as const;
