import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { networkSettings } from '../../sync/shell';
import { firstScreenShown } from '../lib/first-screen';
import { useT } from '../lib/i18n';

/** A script chunk that has not arrived within the spec's chunk load timeout (part 1, section 9). */
export class ChunkLoadTimeout extends Error {
  constructor(ms: number) {
    super(`A part of the app did not load within ${ms / 1000} s`);
    this.name = 'ChunkLoadTimeout';
  }
}

/** Loads a chunk or fails after `ms` (spec part 1, section 9: script chunk load timeout 120000 ms). */
export function loadChunk<T>(load: () => Promise<T>, ms: number = networkSettings.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeout(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** What shows while a screen's chunk, or the saved session, is on its way. */
export function ScreenLoader() {
  const { t } = useT();
  return (
    <Center p="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Rendered after a screen, once its chunk has arrived: the screen has shown (lib/first-screen.ts). */
function Shown() {
  useEffect(firstScreenShown, []);
  return null;
}

/** A screen in its own chunk: a component, and `preload` to fetch its chunk before it renders. */
export type LazyScreen<P> = ((props: P) => ReactNode) & { preload: () => Promise<unknown> };

/**
 * A screen in its own script chunk, fetched when first opened (the service worker precaches
 * every chunk, so it opens offline too). A chunk that fails or times out is a route error.
 * A screen whose content comes after its first render (`showsItself`) calls firstScreenShown
 * itself when that content shows.
 *
 * A chunk already fetched (`preload`, or an earlier render) renders at once: React is handed
 * a thenable that answers synchronously, so the screen does not suspend first. A screen that
 * suspends shows the loader, and React then holds the screen back until the loader has been
 * up for 300 ms (it keeps a loader from flashing): a quarter of a second of a cold start.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { showsItself = false }: { showsItself?: boolean } = {},
): LazyScreen<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= loadChunk(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Screen = lazy(() => {
    if (!loaded) return preload().then((component) => ({ default: component }));
    const module = { default: loaded };
    const answered: PromiseLike<typeof module> = { then: (onLoaded) => onLoaded!(module) as never };
    return answered as Promise<typeof module>;
  });
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        <Screen {...props} />
        {!showsItself && <Shown />}
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload });
}
