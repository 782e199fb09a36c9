import { useEffect } from 'react';
import { afterFirstScreen } from '../lib/first-screen';

/** After sign-in, asks the browser not to evict this device's unsynced work. */
export function usePersistentStorage(): void {
  useEffect(
    () =>
      afterFirstScreen(
        () =>
          void navigator.storage
            ?.persisted?.()
            .then((persisted) => (persisted ? undefined : navigator.storage.persist?.())),
      ),
    [],
  );
}
