/** The history tables live in the contract: the reports count by them too (part 2). */
export { exitStatuses, groupOf, historyGroups, type HistoryGroup } from '../../sync/contract';
