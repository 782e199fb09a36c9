export { ChildActionsPanel, ActionDropdown, ReopenButton, actionSections } from './components/child-actions-panel';
export { saveAction, actionProblem, actionWrites, type ActionChild } from './hooks/save-action';
