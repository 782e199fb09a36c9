/// <reference lib="webworker" />
import {
  precacheAndRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { isDataKeyMessage, receiveDataKey, replayInBackground } from './engine/background-replay';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
type SyncEvent = ExtendableEvent & { tag: string };

// The app shell is precached so the app opens with the network off. API answers are
// never cached here: child data lives only in the user's IndexedDB.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
clientsClaim();

// A new version waits until the app says no form has unsaved input.
// An unlocked tab hands over the data key (or says it was dropped): the replay below reads
// the sealed queue only with it (engine/background-replay.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (isDataKeyMessage(event.data)) receiveDataKey(event.data);
});

// Background Sync: the browser wakes the worker when the network is back, app open or not.
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === 'ashray-replay') event.waitUntil(replayInBackground().then(() => undefined));
}) as EventListener);
