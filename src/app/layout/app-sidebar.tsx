import { useState } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useUser } from '../../lib/use-store';
import { sidebarFor, type SidebarLink } from './sidebar-items';
import { BeneficiariesModal } from './beneficiaries-modal';
import { useT } from '../../lib/i18n';

function SidebarEntry({
  link,
  active,
  onOpenModal,
  onNavigate,
}: {
  link: SidebarLink;
  active: boolean;
  onOpenModal: (l: SidebarLink) => void;
  onNavigate: () => void;
}) {
  const { label } = useT();
  // A choice closes the phone's menu, a link or a dialog alike: the worker sees what they chose.
  if (link.modal)
    return (
      <NavLink
        component="button"
        label={label(link.label)}
        active={active}
        onClick={() => {
          onOpenModal(link);
          onNavigate();
        }}
      />
    );
  return <NavLink component={Link} to={link.path} label={label(link.label)} active={active} onClick={onNavigate} />;
}

export function AppSidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useUser();
  const { pathname } = useLocation();
  const [modalTarget, setModalTarget] = useState<SidebarLink | null>(null);
  const groups = sidebarFor(user);
  const { t, label } = useT();

  return (
    <ScrollArea h="100%" type="auto">
      <nav aria-label={t('shell.mainNavigation')}>
        {groups.map((group) =>
          group.children ? (
            <NavLink
              component="button"
              key={group.label}
              label={label(group.label)}
              defaultOpened={group.children.some((c) => c.path === pathname)}
              childrenOffset="md"
            >
              {group.children.map((child) => (
                <SidebarEntry
                  key={child.path}
                  link={child}
                  active={pathname === child.path}
                  onOpenModal={setModalTarget}
                  onNavigate={onNavigate}
                />
              ))}
            </NavLink>
          ) : (
            <SidebarEntry
              key={group.label}
              link={{ label: group.label, path: group.path ?? '/' }}
              active={pathname === group.path}
              onOpenModal={setModalTarget}
              onNavigate={onNavigate}
            />
          ),
        )}
      </nav>
      <BeneficiariesModal target={modalTarget} onClose={() => setModalTarget(null)} />
    </ScrollArea>
  );
}
