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

/**
 * A screen in its own script chunk, fetched when first opened (the service worker precaches
 * every chunk, so it opens offline too). A chunk that fails or times out is a route error.
 * A screen whose content comes after its first render (`showsItself`) calls firstScreenShown
 * itself when that content shows.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { showsItself = false }: { showsItself?: boolean } = {},
): (props: P) => ReactNode {
  const Screen = lazy(() => loadChunk(load).then((component) => ({ default: component })));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        <Screen {...props} />
        {!showsItself && <Shown />}
      </Suspense>
    );
  };
}
