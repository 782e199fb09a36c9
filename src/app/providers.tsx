import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { useStore } from 'zustand';
import { languageStore } from '../../sync/shell';
import { cssVariablesResolver, theme, toastSettings } from './theme';

/**
 * `env="test"` is Mantine's setting for jsdom: no transitions, no portals, and no hiding of a
 * dropdown whose target floating-ui measures as detached (every box is 0×0 in jsdom, so an
 * open menu was at times drawn with display: none).
 *
 * The date pickers name months and days in the language shown: DatesProvider's locale is
 * dayjs's, whose Hindi src/lib/dates.ts loads (every screen with a picker imports it).
 */
export function Providers({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const language = useStore(languageStore, (s) => s.language);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={{ locale: language }}>
        <Notifications
          position={toastSettings.position}
          autoClose={toastSettings.autoClose}
          limit={toastSettings.limit}
        />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}
