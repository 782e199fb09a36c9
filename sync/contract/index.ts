/**
 * The contract between the app, the sync engine and the server: zod schemas of
 * every entity and payload, the response envelope, the endpoint table, the
 * permission rules and the spec's constants and messages.
 *
 * - `messages`: every user-facing text, verbatim.
 * - `envelope`: the response envelope and Laravel-style pagination.
 * - `permissions`: roles, `can()`.
 * - `auth`: login form and session.
 * - `constants`: option lists, limits, status colours and labels, dashboard tiles.
 * - `rules`: shared field rules (phone, Aadhar, dates, files, normalisation, screen order).
 * - `entities`: what the server returns.
 * - `forms`: what forms and the server validate, with the spec's messages.
 * - `endpoints`: the call table, `buildPath()`, `isAllowed()`.
 * - `route-access`: who may open each screen, read from the call it stands for.
 */
export * from './messages';
export * from './envelope';
export * from './permissions';
export * from './auth';
export * from './constants';
export * from './rules';
export * from './entities';
export * from './forms';
export * from './endpoints';
export * from './route-access';
export * from './wire';
export { payloadSchemas, payloadFields, schemaFields } from './endpoints/payloads';
