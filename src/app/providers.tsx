import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme, toastSettings } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications
        position={toastSettings.position}
        autoClose={toastSettings.autoClose}
        limit={toastSettings.limit}
      />
      {children}
    </MantineProvider>
  );
}
