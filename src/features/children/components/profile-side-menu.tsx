import { NavLink, Paper } from '@mantine/core';

export const sideMenuItems = [
  "Child's Information",
  'Follow-Ups',
  'Activity Log',
  'Documents',
  'Centers',
  'Restore',
  'Restoration Follow-Up',
  'Medical',
  'Education',
  'MHP',
  'Transfer',
  'Escort/Exit',
  'Social Protection Scheme',
] as const;
export type SideMenuItem = (typeof sideMenuItems)[number];

type Props = { active: SideMenuItem; onSelect: (item: SideMenuItem) => void; isNew: boolean };

/** The profile's side menu; a new registration shows only New Registration. */
export function ProfileSideMenu({ active, onSelect, isNew }: Props) {
  const items = isNew ? (["Child's Information"] as const) : sideMenuItems;
  return (
    <Paper withBorder p={4} component="nav" aria-label="Profile menu">
      {items.map((item) => (
        <NavLink
          key={item}
          label={isNew ? 'New Registration' : item}
          active={item === active}
          onClick={() => onSelect(item)}
          py="sm"
        />
      ))}
    </Paper>
  );
}
