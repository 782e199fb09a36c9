/** Shared field rules of spec part 1, section 5, used by every form schema. */
export * from './rules/screen-order';
export * from './rules/fields';
export * from './rules/phone';
export * from './rules/date';
export * from './rules/file';
export * from './rules/normalise';
export * from './rules/last-status';
export * from './rules/readable-errors';
