import { Alert, Stack, Title } from '@mantine/core';
import { useT } from '../lib/i18n';

/** A route of the spec whose screen comes in a later release. */
export function NotBuilt({ title }: { title: string }) {
  const { t, label } = useT();
  return (
    <Stack>
      <Title order={2}>{label(title)}</Title>
      <Alert color="gray" title={t('app.notBuilt.title')} data-testid="not-built">
        {t('app.notBuilt.text')}
      </Alert>
    </Stack>
  );
}
