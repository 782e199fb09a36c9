/**
 * Constant lists and limits of both spec parts (sections 4 and 9), split by theme so
 * each file stays small. Import from here (or from the contract index).
 */
export * from './constants/center-types';
export * from './constants/status';
export * from './constants/options';
export * from './constants/ui-lists';
export * from './constants/limits';
export * from './constants/dashboard';
export * from './constants/history-groups';
export * from './constants/exit-lists';
