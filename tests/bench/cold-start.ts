/*
 * Offline cold start on a cheap tablet: the built app (dist), served by the head office
 * server (tests/bench/server-load.ts), signed in through its login form and synced, so the
 * device holds head office's children and entries as a user's would. Then Chromium is
 * started again on the same profile, offline, with the CPU throttled 4× (CDP
 * Emulation.setCPUThrottlingRate), and the app opened at its start_url: the time from the
 * navigation's start to the dashboard's eight tiles showing their counts (spec part 1
 * section 2), and to their 12-month trends. Three starts, the median.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBenchChromium } from './chromium';
import type { HeadOffice } from './server-load';

const CPU_SLOWDOWN = 4;
const STARTS = 3;

const launch = (profile: string, offline: boolean) => launchBenchChromium(profile, { offline });

export type ColdStart = {
  /** ms from navigation start to the tiles' counts, and to their trends (median of STARTS). */
  tiles: number;
  trends: number;
  all: number[];
  /** ms the first sync took to bring the head office's records (online, not throttled). */
  firstSync: number;
  children: number;
  history: number;
};

/** Signs in as the admin through the login form and waits for the first sync to finish. */
async function signInAndSync(context: BrowserContext, url: string) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  const started = performance.now();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL('**/dashboard');
  await page.locator('[data-testid="sync-indicator"][data-tone="synced"]').waitFor({ timeout: 30 * 60_000 });
  await page.getByTestId('first-sync').waitFor({ state: 'detached', timeout: 30 * 60_000 });
  const firstSync = performance.now() - started;
  // Offline starts need the service worker in charge of the page and its precache complete.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const counts = await page.evaluate(async () => {
    // The device's databases, as the app opened them: the largest entity tables' row counts.
    const names = (await indexedDB.databases()).map((d) => d.name!).filter(Boolean);
    const sizes: Record<string, number> = {};
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of ['children', 'history'].filter((s) => db.objectStoreNames.contains(s))) {
        sizes[store] = Math.max(
          sizes[store] ?? 0,
          await new Promise<number>((resolve) => {
            const request = db.transaction(store).objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
          }),
        );
      }
      db.close();
    }
    return sizes;
  });
  await page.close();
  return { firstSync, children: counts.children ?? 0, history: counts.history ?? 0 };
}

/**
 * BENCH_COLD_TIMELINE=1: when each script arrived and the app's marks (src/lib/data-layer.ts),
 * ms from the navigation's start, to see what the tiles wait for.
 */
function timeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const rows: Array<[number, string]> = [
      [nav?.responseEnd ?? 0, 'document received'],
      [nav?.domInteractive ?? 0, 'document interactive'],
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r): [number, string] => [
        r.responseEnd,
        `  ${r.name.split('/').pop()} (from ${r.startTime.toFixed(0)})`,
      ]),
      ...performance.getEntriesByType('mark').map((m): [number, string] => [m.startTime, `mark ${m.name}`]),
    ];
    return rows
      .sort((a, b) => a[0] - b[0])
      .map(([at, what]) => `  ${at.toFixed(0).padStart(6)} ${what}`)
      .join('\n');
  });
}

/** One offline start, throttled: ms to the tiles' counts and to their trends. */
async function oneStart(profile: string, url: string, profileTo?: string) {
  const context = await launch(profile, true);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // BENCH_COLD_PROFILE=file.cpuprofile: the page's CPU profile of the first start, to see what dominates.
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // The main thread's busy time (CDP Performance metrics) says what the start cost on a busy machine too.
    if (process.env.BENCH_COLD_TIMELINE) await cdp.send('Performance.enable');
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start (the page's time origin).
    const tiles = await (
      await page.waitForFunction(
        () => {
          const values = [...document.querySelectorAll('[data-testid="tile-value"]')];
          return values.length === 8 && values.every((v) => v.textContent !== '–') && performance.now();
        },
        undefined,
        { polling: 'raf', timeout: 120_000 },
      )
    ).jsonValue();
    const busy = process.env.BENCH_COLD_TIMELINE
      ? (await cdp.send('Performance.getMetrics')).metrics
          .filter((m) =>
            ['ThreadTime', 'TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].includes(m.name),
          )
          .map((m) => `${m.name} ${(m.value * 1000).toFixed(0)} ms`)
          .join(', ')
      : null;
    const trends = await page
      .waitForFunction(
        () => document.querySelectorAll('[data-testid="tile-trend"]').length > 0 && performance.now(),
        undefined,
        { polling: 'raf', timeout: 120_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => NaN); // no trend drawn: reported as such, not as a time
    if (profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (busy !== null)
      console.log(await timeline(page), `\n  tiles ${Number(tiles).toFixed(0)} ms; main thread until then: ${busy}`);
    return { tiles: Number(tiles), trends: Number(trends) };
  } finally {
    await context.close();
  }
}

export async function coldStart(office: HeadOffice): Promise<ColdStart> {
  const profile = path.join(office.dataDir, 'cold-start-profile');
  const online = await launch(profile, false);
  let synced: Awaited<ReturnType<typeof signInAndSync>>;
  try {
    synced = await signInAndSync(online, office.url);
  } finally {
    await online.close();
  }
  const starts: Array<{ tiles: number; trends: number }> = [];
  for (let i = 0; i < STARTS; i++)
    starts.push(await oneStart(profile, office.url, i === 0 ? process.env.BENCH_COLD_PROFILE : undefined));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    tiles: median(starts.map((s) => s.tiles)),
    trends: median(starts.map((s) => s.trends)),
    all: starts.map((s) => s.tiles),
    ...synced,
  };
}
