import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { setRequestTimeouts } from '../sync/net/transport';
import { setDataKey } from '../sync/db/seal';

// Rows are sealed with the data key an unlock puts in memory (db/seal.ts). A test that opens
// an AppDb of its own works as an unlocked app does, under this key; the tests of the lock
// and of sealing drop it or make their own.
const TEST_DATA_KEY = new Uint8Array(32).fill(7);
beforeEach(() => setDataKey(TEST_DATA_KEY));

// findBy*/waitFor give up after 1 s by default; on a busy 2-core box a Dexie query behind
// a screen can take longer. This bounds a wait for something that must happen; it times nothing.
configure({ asyncUtilTimeout: 10_000 });

// No unit test reaches a real network: a request no test answered fails as an unreachable
// server does (a stray server on the API's port would otherwise answer it).
vi.stubGlobal('fetch', async () => {
  throw new TypeError('Failed to fetch');
});

// A read gives up after a few seconds in the app; a screen test that renders the whole
// shell on a busy 2-core box can keep its stub's answer waiting that long. The tests of
// timeouts set their own (tests/unit/sync/transport-timeout.test.ts).
setRequestTimeouts({ readMs: 30_000 });

// Mantine reads these browser APIs that jsdom lacks (skipped in files that run in node).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => {};
  // fake-indexeddb stores values through Node's structuredClone, which turns jsdom's Blob and
  // File into empty objects; a stored photo then fails FormData.append when the outbox sends
  // it (seen as an unhandled rejection in screen tests whose sync reached a photo create).
  // A Blob is immutable, so keeping the same one is what a browser's clone amounts to.
  const nativeClone = globalThis.structuredClone;
  // Held here: fake-indexeddb may still clone after jsdom's window is torn down.
  const JsdomBlob = window.Blob;
  const keepBlobs = (value: unknown): unknown => {
    if (value instanceof JsdomBlob) return value;
    if (Array.isArray(value)) return value.map(keepBlobs);
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keepBlobs(item)]));
    return nativeClone(value);
  };
  globalThis.structuredClone = ((value: unknown) => keepBlobs(value)) as typeof structuredClone;
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  // Mantine's notification store outlives a render; start every test with no toasts.
  notifications.clean();
  notifications.cleanQueue();
});
