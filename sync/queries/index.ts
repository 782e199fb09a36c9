/**
 * Read queries of the screens' lists and lookups, over the signed-in user's device
 * database. Screens call them inside useLiveQuery; none of them needs the network
 * except the ensure* refreshers, which return failures as values.
 */
export * from './children';
export * from './files';
export * from './lookups';
export * from './admin';
export * from './actions';
export * from './cwc';
export * from './reports';
export * from './keep-asking';
export * from './part2-lists';
export * from './exits';
export * from './schemes';
export * from './notifications';
export * from './beneficiaries';
export * from './duplicates';
export * from './child-edit';
export * from './online-lists';
export * from './child-records-online';
export * from './child-records-kept';
export * from './child-records-background';
export * from './access-log';
