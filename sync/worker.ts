/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheNames, clientsClaim } from 'workbox-core';
import { isDataKeyMessage, receiveDataKey, replayInBackground } from './engine/background-replay';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
type SyncEvent = ExtendableEvent & { tag: string };

// The app shell is precached so the app opens with the network off. API answers are
// never cached here: child data lives only in the user's IndexedDB.
const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(manifest);
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
clientsClaim();

/*
 * Static routes (Chrome 123+), answered by the browser itself without this worker's script:
 * - the build's script chunks and styles (content-hashed, precached under their own address)
 *   straight from the precache, so a start's forty-odd chunks do not each wait for the fetch
 *   handler (one missing from the precache, an older build's, is asked of the network);
 * - the start's page ('/', the installed app's start_url, and '/dashboard'), the precached
 *   index.html kept under those addresses in a cache of this version's own, so an offline
 *   start does not wait for this worker to start and run before its page comes. The copy is
 *   made during the install, before the route can answer from it; a failed copy fails the
 *   install (and the version before stays), as a failed precache does.
 * A browser without static routes goes through the fetch handler as before.
 */
const START_PAGES = ['/', '/dashboard'];
const START_CACHE_PREFIX = 'ashray-start-';
const indexRevision = manifest.find(
  (entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html',
)?.revision;
const startCache = `${START_CACHE_PREFIX}${indexRevision ?? 'unversioned'}`;

async function keepStartPages(): Promise<void> {
  const page = await precache.matchPrecache('/index.html');
  if (!page) throw new Error('index.html is not in the precache');
  const cache = await caches.open(startCache);
  await Promise.all(START_PAGES.map((path) => cache.put(path, page.clone())));
}

type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> };
const routeQuietly = (event: RoutingInstallEvent, rules: unknown) =>
  event.addRoutes!(rules).catch((error: unknown) => console.warn('[ashray] static routes not added', error));

self.addEventListener('install', (event) => {
  const installed = precache.install(event);
  const routing = event as RoutingInstallEvent;
  if (!routing.addRoutes) return;
  routing.waitUntil(installed.then(keepStartPages));
  routing.waitUntil(
    routeQuietly(routing, {
      condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
      source: { cacheName: cacheNames.precache },
    }),
  );
  routing.waitUntil(
    routeQuietly(
      routing,
      START_PAGES.map((pathname) => ({
        condition: { urlPattern: { pathname, search: '' }, requestMode: 'navigate' },
        source: { cacheName: startCache },
      })),
    ),
  );
});

self.addEventListener('activate', (event) => {
  precache.activate(event);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(START_CACHE_PREFIX) && name !== startCache)
            .map((name) => caches.delete(name)),
        ),
      ),
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
