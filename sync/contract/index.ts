/**
 * The contract between the app, the sync engine and the server: zod schemas of
 * every entity and payload, the response envelope, the endpoint table, the
 * permission rules and the spec's constants and messages.
 */
export * from './messages';
export * from './envelope';
export * from './permissions';
export * from './auth';
