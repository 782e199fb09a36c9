import { useEffect } from 'react';

/** After sign-in, asks the browser not to evict this device's unsynced work. */
export function usePersistentStorage(): void {
  useEffect(() => {
    void navigator.storage?.persisted?.().then((persisted) => (persisted ? undefined : navigator.storage.persist?.()));
  }, []);
}
