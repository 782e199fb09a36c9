import { useEffect } from 'react';
import { refreshShell } from '../../sync';
import { useOnline, useUser } from '../lib/use-store';
import { afterFirstScreen } from '../lib/first-screen';

const REFRESH_EVERY_MS = 60_000;

/** Keeps the dashboard, bell and center lists fresh while online. */
export function useShellRefresh(): void {
  const user = useUser();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    // The first screen shows from the device before the shell asks the server for anything.
    const cancel = afterFirstScreen(() => void refreshShell(user.centerId));
    const timer = setInterval(() => void refreshShell(user.centerId), REFRESH_EVERY_MS);
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, [online, user.centerId]);
}
