import { Text } from '@mantine/core';
import { useT } from '../../lib/i18n';

/** Copyright years as the spec gives them. */
export function AppFooter() {
  const { t } = useT();
  return (
    <Text size="xs" c="dimmed" ta="center" py={10}>
      {t('shell.footer')}
    </Text>
  );
}
