import { ActionDropdown, actionSections, ChildActionsPanel, ReopenButton } from '../features/actions';
import { ChildProfilePage, type ProfileSlotProps, type SideMenuItem } from '../features/children';

/**
 * /child-registration/profile: the children feature's profile with the actions feature's
 * history tables, Action dropdown and REOPEN. Features do not import each other, so they
 * meet here.
 */
const renderSection = (item: SideMenuItem, { child, editing }: ProfileSlotProps) =>
  actionSections.includes(item) ? (
    <ChildActionsPanel key={item} child={child} section={item} editing={editing} />
  ) : null;

// REOPEN shows in View and Edit Profile alike when the status allows it and the user can
// edit (part 1, profile); the Action dropdown is Edit mode's.
const renderActions = ({ child, editing }: ProfileSlotProps) => (
  <>
    <ReopenButton child={child} />
    {editing ? <ActionDropdown child={child} /> : null}
  </>
);

export function ChildProfileRoute() {
  return <ChildProfilePage renderSection={renderSection} renderActions={renderActions} />;
}
