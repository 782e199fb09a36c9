import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { cssVariablesResolver, theme, toastSettings, touchMedia } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const touch = useMediaQuery(touchMedia, false, { getInitialValueInEffect: false });
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications
        position={touch ? toastSettings.touchPosition : toastSettings.position}
        autoClose={toastSettings.autoClose}
        limit={toastSettings.limit}
      />
      {children}
    </MantineProvider>
  );
}
