/// <reference lib="webworker" />
import {
  precacheAndRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheNames, clientsClaim } from 'workbox-core';
import { isDataKeyMessage, receiveDataKey, replayInBackground } from './engine/background-replay';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
type SyncEvent = ExtendableEvent & { tag: string };

// The app shell is precached so the app opens with the network off. API answers are
// never cached here: child data lives only in the user's IndexedDB.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
clientsClaim();

/*
 * The build's script chunks and styles (content-hashed, precached under their own address)
 * are answered straight from the precache by the browser, where it supports static routes
 * (Chrome 123): a start then fetches its forty-odd chunks without this worker's fetch handler
 * answering each. A browser without static routes goes through the fetch handler as before;
 * a chunk missing from the precache (an older build's) is asked of the network.
 */
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
self.addEventListener('install', (event) => {
  const routing = event as RoutingInstallEvent;
  if (!routing.addRoutes) return;
  routing.waitUntil(
    routing
      .addRoutes({
        condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
        source: { cacheName: cacheNames.precache },
      })
      .catch((error: unknown) => console.warn('[ashray] static routes not added', error)),
  );
});

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
