/*
 * Server-side texts the contract does not carry yet (sync/contract/messages.ts is owned
 * by another engineer). Kept here verbatim as the original API answers them.
 */
export const serverMessages = {
  loginSuccess: 'Login successfully',
  logoutSuccess: 'Logout successfully',
  invalidCredentials: 'Invalid credentials',
  notFound: 'Not Found',
} as const;

/** Where user images are served from (relative to the API origin), sent as image_path. */
export const USER_IMAGE_PATH = '/api/files/users/';
