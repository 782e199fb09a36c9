/*
 * Server-side texts the contract does not carry yet (sync/contract/messages.ts is owned
 * by another engineer). Kept here verbatim as the original API answers them.
 */
export const serverMessages = {
  loginSuccess: 'Login successfully',
  logoutSuccess: 'Logout successfully',
  invalidCredentials: 'Invalid credentials',
  notFound: 'Not Found',
  // Ours: the spec shows "the server message after saves" without its wording.
  childAdded: 'Child added successfully',
  childUpdated: 'Child updated successfully',
  medicalUpdated: 'Medical updated successfully',
  // The sync precondition (sync/SPEC.md R11) and the "only the last entry" rule (spec section 4).
  changedElsewhere: 'This record was changed by someone else.',
  onlyLastEntry: 'Only the last entry of this history can be deleted.',
  invalidCenter: 'The selected center is invalid.',
  // Database refusals that slipped past validation (a concurrent duplicate, a record deleted meanwhile).
  alreadyExists: 'This record already exists.',
  invalidReference: 'A selected record no longer exists.',
  invalidValue: 'A value in this form is not valid.',
  // GET /api/health when the database does not answer (ours: the spec has no health check).
  databaseUnavailable: 'The database is not answering.',
} as const;

/** Where user images are served from (relative to the API origin), sent as image_path. */
export const USER_IMAGE_PATH = '/api/files/users/';
