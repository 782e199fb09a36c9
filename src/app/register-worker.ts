import { Workbox } from 'workbox-window';
import { create } from 'zustand';

/** Whether a new version of the app is installed and waiting to take over. */
export const useAppUpdate = create<{ waiting: boolean; activate: () => void }>(() => ({
  waiting: false,
  activate: () => undefined,
}));

/**
 * Registers the service worker that precaches the app shell. A new version waits
 * until the user accepts the update prompt, which never reloads over unsaved input.
 */
export function registerWorker(): Workbox | null {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  const wb = new Workbox('/worker.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    useAppUpdate.setState({
      waiting: true,
      activate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register();
  return wb;
}
