import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme, toastSettings } from './theme';

/**
 * `env="test"` is Mantine's setting for jsdom: no transitions, no portals, and no hiding of a
 * dropdown whose target floating-ui measures as detached (every box is 0×0 in jsdom, so an
 * open menu was at times drawn with display: none).
 */
export function Providers({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications
        position={toastSettings.position}
        autoClose={toastSettings.autoClose}
        limit={toastSettings.limit}
      />
      {children}
    </MantineProvider>
  );
}
