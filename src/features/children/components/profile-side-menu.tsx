import { NavLink, Paper, Select, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '../../../lib/i18n';

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

/**
 * The profile's side menu; a new registration shows only New Registration. On phones and
 * tablets, where the menu would stack above the child's details, it is one select so the
 * details start at the top and a chosen section shows right below it.
 */
export function ProfileSideMenu({ active, onSelect, isNew }: Props) {
  const items = isNew ? (["Child's Information"] as const) : sideMenuItems;
  const { t, label } = useT();
  // The items stay the contract's English (what the profile and its slots switch on); only what is read changes.
  const shown = (item: SideMenuItem) => (isNew ? t('children.profile.newRegistration') : label(item));
  // Wide enough for the menu beside the content: the md breakpoint, where the profile's grid splits.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  if (!wide)
    return (
      <nav aria-label={t('children.profile.menu')}>
        <Select
          label={t('children.profile.section')}
          size="md"
          data={items.map((item) => ({ value: item, label: shown(item) }))}
          value={active}
          onChange={(v) => v && onSelect(v as SideMenuItem)}
          readOnly={isNew}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={420}
        />
      </nav>
    );
  return (
    <Paper withBorder p={4} component="nav" aria-label={t('children.profile.menu')}>
      {items.map((item) => (
        <NavLink key={item} label={shown(item)} active={item === active} onClick={() => onSelect(item)} py="sm" />
      ))}
    </Paper>
  );
}
