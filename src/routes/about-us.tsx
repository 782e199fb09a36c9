import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../lib/i18n';

export function AboutUs() {
  const { t, label } = useT();
  return (
    <Stack maw={760}>
      <Title order={2}>{label('About Us')}</Title>
      <Text>{t('aboutUs.trust')}</Text>
      <Text>{t('aboutUs.app')}</Text>
    </Stack>
  );
}
