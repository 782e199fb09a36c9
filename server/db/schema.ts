/** The whole Drizzle schema, one import for the client, the migrator and drizzle-kit. */
export * from './schema-core';
export * from './schema-children';
export * from './schema-admin';
export * from './schema-actions';
export * from './schema-part2-reports';
export * from './schema-part2-lists';
export * from './schema-files';
export * from './schema-access-log';
