/**
 * Request and form schemas with the spec's messages verbatim. Each object's keys are in
 * screen order, so the first issue is the first failing field (the one error toast).
 */
export * from './forms/child-labels';
export * from './forms/documents';
export * from './forms/quick-add';
export * from './forms/registration-steps';
export * from './forms/registration';
export * from './forms/actions/restore';
export * from './forms/actions/restoration-follow-up';
export * from './forms/actions/medical';
export * from './forms/actions/education';
export * from './forms/actions/mhp';
export * from './forms/actions/transfer';
export * from './forms/actions/escort-exit';
export * from './forms/actions/sps';
export * from './forms/actions/center-change';
export * from './forms/actions/follow-ups';
export * from './forms/action-forms';
export * from './forms/bulk-update';
export * from './forms/cwc';
export * from './forms/center';
export * from './forms/tag';
export * from './forms/role';
export * from './forms/user';
export * from './forms/field-specs';
export * from './forms/meal';
export * from './forms/previous-balance';
export * from './forms/scheme';
export * from './forms/filters';
export * from './forms/reports';
export * from './forms/beneficiary';
