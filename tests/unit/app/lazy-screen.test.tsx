import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { networkSettings } from '../../../sync';
import { ChunkLoadTimeout, lazyScreen, loadChunk } from '../../../src/app/lazy-screen';
import { render } from '../../render';

describe('script chunks (spec part 1, section 9: chunk load timeout 120000 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('a chunk that has not arrived after 120000 ms fails; one that arrives in time loads', async () => {
    vi.useFakeTimers();
    expect(networkSettings.chunkLoadTimeoutMs).toBe(120_000);
    const stuck = loadChunk(() => new Promise<never>(() => {}));
    const failed = expect(stuck).rejects.toBeInstanceOf(ChunkLoadTimeout);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void stuck.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;

    const slow = loadChunk(() => new Promise<string>((resolve) => setTimeout(() => resolve('chunk'), 60_000)));
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(slow).resolves.toBe('chunk');
  });

  it('a lazy screen shows a loader, then the screen', async () => {
    let arrive: (component: ComponentType) => void = () => {};
    const Screen = lazyScreen(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    render(<Screen />);
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    arrive(() => <p>Report screen</p>);
    expect(await screen.findByText('Report screen')).toBeTruthy();
  });

  it('a screen whose chunk was fetched before it renders shows at once, without a loader first', async () => {
    const Screen = lazyScreen(() => Promise.resolve<ComponentType>(() => <p>Dashboard tiles</p>));
    await Screen.preload();
    render(<Screen />);
    // In the first commit: no loader (React would then hold the screen back for 300 ms).
    expect(screen.getByText('Dashboard tiles')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('a chunk that failed to preload is asked for again when the screen renders', async () => {
    let calls = 0;
    const Screen = lazyScreen(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve<ComponentType>(() => <p>Meals</p>),
    );
    await expect(Screen.preload()).rejects.toThrow('offline');
    render(<Screen />);
    expect(await screen.findByText('Meals')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('a screen shows as soon as its chunk arrives: no loader kept up for React to throttle', async () => {
    // Only timeouts are faked: React renders as usual, but a reveal it holds back (it keeps a
    // Suspense fallback up for 300 ms) would wait for a timer that never runs here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let arrive: (component: ComponentType) => void = () => {};
    const Screen = lazyScreen(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    render(<Screen />);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    arrive(() => <p>Child list</p>);
    for (let turn = 0; turn < 10 && !screen.queryByText('Child list'); turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(screen.getByText('Child list')).toBeTruthy();
  });
});
