import { currentDataKey, onDataKey } from '../db/seal';
import type { DataKeyMessage } from '../engine/background-replay';
import { dataKeyOwner } from './data-key';

/*
 * The service worker replays the sealed outbox with the app closed (Background Sync) only
 * with the key an unlocked tab handed it for that session (DESIGN: Security on the device):
 * handed at every unlock, taken back at every lock and sign-out, and never stored.
 */

const workers = () => (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker);

function post(message: DataKeyMessage): void {
  void workers()
    ?.ready.then((registration) => registration.active?.postMessage(message))
    .catch(() => null);
}

const follow = (key: Uint8Array | null) => {
  const db = dataKeyOwner();
  post(key && db ? { type: 'ashray-data-key', db, key } : { type: 'ashray-data-key-drop' });
};

/** Follows the data key in memory to the service worker; returns the unsubscribe function. */
export function handDataKeyToWorker(): () => void {
  const stop = onDataKey(follow);
  // A worker that takes over (an update) starts with nothing: it is handed the key again.
  const onController = () => follow(currentDataKey());
  workers()?.addEventListener('controllerchange', onController);
  return () => {
    stop();
    workers()?.removeEventListener('controllerchange', onController);
  };
}
