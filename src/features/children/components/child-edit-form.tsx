import { useEffect, useRef, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { refreshChildForEdit, type LocalChild } from '../../../../sync';
import { useOnline } from '../../../lib/use-store';
import { RegistrationWizard } from './registration-wizard';
import { useT } from '../../../lib/i18n';

/**
 * Edit Profile's form. Online it first asks the server for the child (GET /child_edit/{id},
 * up to 10 s) and opens with the server's values when they are newer than the device's;
 * offline, for a child not yet on the server, or without an answer, it opens from the device.
 */
export function ChildEditForm({ child }: { child: LocalChild }) {
  const online = useOnline();
  const [opened, setOpened] = useState<LocalChild | null>(online ? null : child);
  const asked = useRef(false);
  const { t } = useT();
  useEffect(() => {
    // Once per opening (not again when a pull changes the child while it is being edited).
    if (asked.current || opened) return;
    asked.current = true;
    void refreshChildForEdit(child.cid)
      .catch(() => null)
      .then((found) => setOpened((found?.row as LocalChild | null | undefined) ?? child));
  }, [child, opened]);
  if (!opened)
    return (
      <Group>
        <Loader size="sm" aria-label={t('children.edit.checking')} />
        <Text c="dimmed">{t('children.edit.checking')}…</Text>
      </Group>
    );
  return <RegistrationWizard child={opened} />;
}
