import type { CSSProperties } from 'react';
import { Text } from '@mantine/core';

/** A row set apart from the rows above it (the previous balance after Total). */
export const apart: CSSProperties = { borderTop: '3px double var(--mantine-color-default-border)' };

/** The short note under a row's label, such as "not included in Total". */
export function NoteLine({ note }: { note: string }) {
  return (
    <Text size="xs" c="gray.7" fw={400}>
      {note}
    </Text>
  );
}
