import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type FirstScreen = typeof import('../../../src/lib/first-screen');

describe('work that waits for the first screen (src/lib/first-screen.ts)', () => {
  let firstScreen: FirstScreen;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    vi.resetModules();
    firstScreen = await import('../../../src/lib/first-screen');
  });
  afterEach(() => vi.useRealTimers());

  it('runs after the screen has shown and been painted, in the order it was asked; later asks run at once', async () => {
    const ran: string[] = [];
    firstScreen.afterFirstScreen(() => ran.push('sync'));
    const cancel = firstScreen.afterFirstScreen(() => ran.push('cancelled'));
    firstScreen.afterFirstScreen(() => ran.push('worker'));
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ran).toEqual([]);
    firstScreen.firstScreenShown();
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(ran).toEqual(['sync', 'worker']);
    firstScreen.afterFirstScreen(() => ran.push('storage'));
    expect(ran).toEqual(['sync', 'worker', 'storage']);
  });

  it('does not wait more than 10 s for a screen that never says it has shown', async () => {
    const ran = vi.fn();
    firstScreen.afterFirstScreen(ran);
    await vi.advanceTimersByTimeAsync(9999);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toHaveBeenCalledOnce();
    firstScreen.firstScreenShown();
    await vi.advanceTimersByTimeAsync(3000);
    expect(ran).toHaveBeenCalledOnce();
  });
});
