import { Text } from '@mantine/core';

/** Copyright years as the spec gives them. */
export function AppFooter() {
  return (
    <Text size="xs" c="dimmed" ta="center" py={10}>
      Copyright © 2014-2024 Ashray. All rights reserved. 2024
    </Text>
  );
}
