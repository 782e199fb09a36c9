import { Alert, Stack, Title } from '@mantine/core';

/** A route of the spec whose screen comes in a later release. */
export function NotBuilt({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Alert color="gray" title="Not built yet" data-testid="not-built">
        This screen is not built yet. It arrives in a later release of Ashray.
      </Alert>
    </Stack>
  );
}
