/*
 * What a server answers the tests' sign-ins with (spec part 1, section 7: POST /login's
 * `data`), and a JSON Response, for the unit tests that play the server through setFetch.
 */

/** The signed-in user of POST /login's answer: a caseworker of center 3, unless overridden. */
export const loginUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  token: 'tok-7',
  name: 'Staff',
  email: 'staff@demo.test',
  role: { id: 4, name: 'caseworker', permissions: null },
  centerId: 3,
  image: null,
  ...overrides,
});

/** A JSON answer with `status`. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
