import { lazy, Suspense, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
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
 * A screen does not suspend while its chunk is on its way: it shows the loader itself and
 * renders again once the chunk is here, and React is then handed a thenable that answers
 * synchronously. A screen that suspended would show the same loader as a Suspense fallback,
 * and React then holds the screen back until that fallback has been up for 300 ms (it keeps
 * a loader from flashing): a quarter of a second of every cold start and every first visit
 * to a screen. A chunk that fails is asked for once more by the lazy component, whose
 * failure is the route's error.
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
    const [failed, setFailed] = useState(false);
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    const waiting = loaded === null && !failed;
    useEffect(() => {
      if (!waiting) return;
      let live = true;
      preload().then(
        () => live && arrived(),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [waiting]);
    if (waiting) return <ScreenLoader />;
    return (
      <Suspense fallback={<ScreenLoader />}>
        <Screen {...props} />
        {!showsItself && <Shown />}
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload });
}
