/*
 * Offline cold start on a cheap tablet: the built app (dist), served by the head office
 * server (tests/bench/server-load.ts), signed in through its login form and synced, so the
 * device holds head office's children and entries as a user's would. Then Chromium is
 * started again on the same profile, offline, with the CPU throttled 4× (CDP
 * Emulation.setCPUThrottlingRate), and the app opened at its start_url: the time from the
 * navigation's start to the dashboard's eight tiles showing their counts (spec part 1
 * section 2), and to their 12-month trends. Three starts, the median. Each start opens on the
 * lock screen (the data key is only ever in a page's memory): the time the screen waits for
 * the password is left out, the unlock's key derivation and what follows are counted.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { BrowserContext, Page } from 'playwright-core';
import { securityHeaders } from '../../server/core/headers';
import { serveApp } from '../../server/core/static';
import { LAST_ACTIVE_KEY } from '../../sync/device/idle-lock';
import { launchBenchChromium } from './chromium';
import { HEAD_OFFICE_CHILDREN, type HeadOffice } from './server-load';

const CPU_SLOWDOWN = 4;
/** Starts measured (BENCH_COLD_STARTS, 3): the median is the result. */
const STARTS = Number(process.env.BENCH_COLD_STARTS ?? 3);

const launch = (profile: string, offline: boolean) => launchBenchChromium(profile, { offline });

export type ColdStart = {
  /** ms from navigation start to the tiles' counts, and to their trends (median of STARTS). */
  tiles: number;
  trends: number;
  all: number[];
  /** ms the first sync took to bring the head office's records (online, not throttled); null if not recorded. */
  firstSync: number | null;
  children: number;
  history: number;
};

/** The device's largest entity tables' row counts, in the databases as the app opened them. */
async function deviceCounts(page: Page): Promise<{ children: number; history: number }> {
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
  return { children: counts.children ?? 0, history: counts.history ?? 0 };
}

/** Signs in as the admin through the login form and waits for the first sync to finish. */
async function signInAndSync(context: BrowserContext, url: string) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  const started = performance.now();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL('**/dashboard');
  // Attached, not visible: a first sync longer than the idle lock's ten minutes ends behind the lock.
  await page
    .locator('[data-testid="sync-indicator"][data-tone="synced"]')
    .waitFor({ state: 'attached', timeout: 30 * 60_000 });
  await page.getByTestId('first-sync').waitFor({ state: 'detached', timeout: 30 * 60_000 });
  const firstSync = performance.now() - started;
  // Offline starts need the service worker in charge of the page and its precache complete.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const counts = await deviceCounts(page);
  await page.close();
  return { firstSync, ...counts };
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

/**
 * Gives the lock screen the password when the start opens on it; the ms between the screen
 * showing and the password's submit (the bench's typing), 0 when it did not open locked.
 */
async function givePassword(page: Page): Promise<number> {
  const lock = page.getByTestId('idle-lock');
  const tile = page.getByTestId('tile-value').first();
  await lock.or(tile).first().waitFor({ timeout: 120_000 });
  if (!(await lock.isVisible())) return 0;
  // When the lock screen showed: its own mark (src/app/layout/idle-lock.tsx), not when the bench
  // noticed it, which on a busy page comes later and would count the bench's lag as the app's.
  const shownAt = await page.evaluate(
    () => performance.getEntriesByName('ashray:lock-shown')[0]?.startTime ?? performance.now(),
  );
  await lock.locator('input[autocomplete="current-password"]').fill('demo1234');
  const submitAt = await lock
    .locator('button[type="submit"]')
    .evaluate((button: HTMLButtonElement) => (button.click(), performance.now()));
  return submitAt - shownAt;
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
    const traceTo = profileTo ? process.env.BENCH_COLD_TRACE : undefined;
    const traceEvents: unknown[] = [];
    if (traceTo) {
      cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'blink',
            'loading',
            'IndexedDB',
            'ServiceWorker',
            'toplevel',
            'v8',
          ],
        },
      });
    }
    // Used a moment ago, as right after its sync: a device idle for ten minutes opens behind its lock.
    await context.addInitScript((key) => localStorage.setItem(key, String(Date.now())), LAST_ACTIVE_KEY);
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    // A start opens on the lock screen (the data key left with the last page, DESIGN: Security
    // on the device): the password is given as soon as it shows, and the time the screen
    // waited for it (a person typing) is not the app's.
    const waited = await givePassword(page);
    // performance.now() counts from the navigation's start (the page's time origin).
    const shown = await (
      await page.waitForFunction(
        () => {
          const values = [...document.querySelectorAll('[data-testid="tile-value"]')];
          return values.length === 8 && values.every((v) => v.textContent !== '–') && performance.now();
        },
        undefined,
        { polling: 'raf', timeout: 120_000 },
      )
    ).jsonValue();
    const tiles = Number(shown) - waited;
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
    if (traceTo) {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(traceTo, JSON.stringify({ traceEvents }));
    }
    if (busy !== null)
      console.log(await timeline(page), `\n  tiles ${Number(tiles).toFixed(0)} ms; main thread until then: ${busy}`);
    return { tiles, trends: Number(trends) - waited };
  } finally {
    await context.close();
  }
}

/** The three throttled offline starts on a synced profile, and their median. */
async function measureStarts(profile: string, url: string, synced: Synced): Promise<ColdStart> {
  const starts: Array<{ tiles: number; trends: number }> = [];
  for (let i = 0; i < STARTS; i++)
    starts.push(await oneStart(profile, url, i === 0 ? process.env.BENCH_COLD_PROFILE : undefined));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    tiles: median(starts.map((s) => s.tiles)),
    trends: median(starts.map((s) => s.trends)),
    all: starts.map((s) => s.tiles),
    ...synced,
  };
}

type Synced = { firstSync: number | null; children: number; history: number };

/**
 * BENCH_COLD_KEEP=folder keeps the synced profile there, with what the sync brought and the
 * origin it was synced from (kept.json), so the next run at the same BENCH_HEAD_OFFICE skips
 * head office and its first sync (minutes at the default size) and starts from that profile.
 */
const keepFolder = process.env.BENCH_COLD_KEEP ? path.resolve(process.env.BENCH_COLD_KEEP) : null;
type Kept = { url: string; headOffice: number; firstSync: number | null };

/** The kept profile of an earlier run at this head office size, if there is one. */
export function keptColdProfile(): Kept | null {
  if (!keepFolder || !existsSync(path.join(keepFolder, 'kept.json'))) return null;
  const kept = JSON.parse(readFileSync(path.join(keepFolder, 'kept.json'), 'utf8')) as Kept;
  if (kept.headOffice !== HEAD_OFFICE_CHILDREN)
    throw new Error(
      `BENCH_COLD_KEEP=${keepFolder} holds a device synced from ${kept.headOffice} children, not ${HEAD_OFFICE_CHILDREN}: name another folder`,
    );
  return kept;
}

/**
 * Puts the current build (dist) in charge of a kept profile: the profile's service worker
 * still serves the build it precached. The app is opened online at the kept origin, served
 * dist by a static server whose /api drops every connection (the device sees a network
 * failure, as offline, so its session and data stay as they are), and the new service worker
 * is told to take over once it has precached the build.
 */
async function installCurrentBuild(profile: string, url: string): Promise<{ children: number; history: number }> {
  const app = new Hono();
  app.use('*', securityHeaders);
  app.all('/api/*', (c) => {
    (c.env as { incoming: { socket: Socket } }).incoming.socket.destroy();
    return new Response(null);
  });
  app.get('*', serveApp(process.env.BENCH_COLD_DIST ?? 'dist'));
  const port = Number(new URL(url).port);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const context = await launch(profile, false);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/login`);
    const updated = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      const next = registration.installing ?? registration.waiting;
      if (!next) return false;
      // (No named functions in here: the bench's TypeScript loader would wrap them in a helper the page lacks.)
      await new Promise<void>((resolve, reject) => {
        next.addEventListener('statechange', () => {
          if (next.state === 'installed' || next.state === 'activated') resolve();
          if (next.state === 'redundant') reject(new Error('the new service worker failed to install'));
        });
        if (next.state === 'installed' || next.state === 'activated') resolve();
      });
      const controlling = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
      next.postMessage({ type: 'SKIP_WAITING' });
      if (next.state !== 'activated') await controlling;
      return true;
    });
    console.log(`cold start: kept profile ${updated ? 'updated to' : 'already on'} the current build`);
    return await deviceCounts(page);
  } finally {
    await context.close();
    server.close();
  }
}

/** The cold start on a device synced from this head office (and kept, with BENCH_COLD_KEEP). */
export async function coldStart(office: HeadOffice): Promise<ColdStart> {
  const profile = keepFolder ? path.join(keepFolder, 'profile') : path.join(office.dataDir, 'cold-start-profile');
  const online = await launch(profile, false);
  let synced: Synced;
  try {
    synced = await signInAndSync(online, office.url);
  } finally {
    await online.close();
  }
  if (keepFolder) {
    mkdirSync(keepFolder, { recursive: true });
    const kept: Kept = { url: office.url, headOffice: HEAD_OFFICE_CHILDREN, firstSync: synced.firstSync };
    writeFileSync(path.join(keepFolder, 'kept.json'), JSON.stringify(kept, null, 2));
  }
  return measureStarts(profile, office.url, synced);
}

/** The cold start on a kept profile (BENCH_COLD_KEEP), after it takes the current build. */
export async function coldStartKept(kept: Kept): Promise<ColdStart> {
  const profile = path.join(keepFolder!, 'profile');
  const counts = await installCurrentBuild(profile, kept.url);
  return measureStarts(profile, kept.url, { firstSync: kept.firstSync, ...counts });
}
