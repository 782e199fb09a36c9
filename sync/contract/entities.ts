/**
 * zod schemas of every entity of both spec parts as the server returns them: ids are
 * numbers, dates yyyy-MM-dd strings, created_at/updated_at strings, and fields the
 * server may leave empty are nullish.
 */
export * from './entities/common';
export * from './entities/lookup';
export * from './entities/center';
export * from './entities/tag';
export * from './entities/role';
export * from './entities/user';
export * from './entities/child';
export * from './entities/document';
export * from './entities/history';
export * from './entities/actions';
export * from './entities/cwc';
export * from './entities/dashboard';
export * from './entities/notification';
export * from './entities/meal';
export * from './entities/previous-balance';
export * from './entities/scheme';
export * from './entities/report';
export * from './entities/access-log';
