import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch, setRequestTimeouts } from '../../../sync/net/transport';
import { LAST_SYNC } from '../../../sync/engine/engine';
import { serverCid } from '../../../sync/engine/pull';
import { currentDb } from '../../../sync/device/session';
import { connectivityStore } from '../../../sync';
import {
  deviceReport,
  keepAsking,
  keepAskingPolicy,
  loadReport,
  type Answer,
  type Sourced,
} from '../../../sync/queries';
import type { ReportAnswer } from '../../../sync/contract';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from '../children/factories';

/*
 * /reports on a connection that says online and never answers (part 2, DESIGN notes:
 * reports open offline): after the read's timeout the device's count shows, with its age,
 * and the server is asked again in the background; its answer replaces the device's.
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const cell = (gender: 'Male' | 'Female', countgender: number) => ({
  gender,
  countgender,
  search_1: 'history_status',
  search_2: 'medical_issue',
});
/** The server's count: a category the device does not count, so the two read apart. */
const serverReport = {
  social_work: { new: [cell('Male', 7), cell('Female', 4)], pre: [cell('Male', 0), cell('Female', 0)], till: [] },
  previousyeardata: { male: 0, female: 0, countgender: 0 },
  start_year: 2026,
  end_year: 2027,
  pre_start_year: 2025,
  pre_end_year: 2026,
  center_name: null,
  from_date: '2026-04-01',
  to_date: '2027-03-31',
  centerId: null,
  from_last: '2025-04-01',
  to_last: '2026-03-31',
};

/** /api/reports hears only aborts until its `answersFrom`th ask, which it answers, as every one after. */
function slowServer(answersFrom = Infinity) {
  const state = { answersFrom, asked: 0 };
  setFetch((input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    if (path !== '/reports') return Promise.resolve(json({ success: true, data: [] }));
    if (++state.asked >= state.answersFrom) return Promise.resolve(json({ success: true, data: serverReport }));
    return new Promise<Response>((_, reject) =>
      request.signal.addEventListener('abort', () =>
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
      ),
    );
  });
  return state;
}

const today = new Date().toISOString().slice(0, 10);
const syncedAt = Date.now() - 2 * 60 * 60 * 1000;
const fast = { baseMs: 20, capMs: 40, timeoutGrowth: 1, maxTimeoutMs: 60, random: () => 1 };

let restore: Array<() => void> = [];
beforeEach(async () => {
  await freshDeviceSignedInAs(adminUser);
  connectivityStore.setState({ online: true });
  await seedChildren([makeChild(1, { gender: 'Male' })]);
  await currentDb()
    .entity('history')
    .put({
      cid: serverCid(1),
      id: 1,
      childregId: 1,
      history_status: 'education',
      transfer_date: today,
      history_date: today,
      _sync: 'synced',
      _base: null,
    });
  await currentDb().syncState.put({ collection: LAST_SYNC, cursor: null, lastPullAt: syncedAt });
  restore = [setRequestTimeouts({ readMs: 60 })];
});
afterEach(() => {
  restore.forEach((r) => r());
  setFetch(undefined);
});

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('a report on a server that does not answer', () => {
  it("falls back to the device's count after the read's timeout, saying why and as of which sync", async () => {
    slowServer();
    const answer = await loadReport({}, true);
    expect(answer).toMatchObject({ ok: true, value: { source: 'device', why: 'no-answer', syncedAt } });
    const device = await deviceReport({});
    expect(answer.ok && answer.value.data.education).toEqual(device.education);
    // Offline, the same count says it is offline, and nothing is asked.
    expect(await loadReport({}, false)).toMatchObject({ ok: true, value: { source: 'device', why: 'offline' } });
  });

  it("keeps asking with backoff, and the server's answer replaces the device's", async () => {
    const server = slowServer(3);
    const told: Answer<Sourced<ReportAnswer>>[] = [];
    await keepAsking((online, options) => loadReport({}, online, options), {
      online: true,
      signal: new AbortController().signal,
      policy: fast,
      onAnswer: (answer) => told.push(answer),
    });
    expect(told.map((a) => a.ok && a.value.source)).toEqual(['device', 'server']);
    expect(server.asked).toBe(3);
    const last = told[1];
    expect(last.ok && last.value.data.categories.map((c) => c.key)).toEqual(['social_work']);
  });

  it('stops asking when the screen closes, and tells nothing after', async () => {
    const server = slowServer();
    const told: unknown[] = [];
    const asking = new AbortController();
    const done = keepAsking((online, options) => loadReport({}, online, options), {
      online: true,
      signal: asking.signal,
      policy: fast,
      onAnswer: (answer) => told.push(answer),
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.asked).toBeGreaterThanOrEqual(2); // asked again in the background
    asking.abort();
    await done;
    const asked = server.asked;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.asked).toBe(asked);
    expect(told).toHaveLength(1);
  });

  it("/reports shows the device's count with its age when the server does not answer, then the server's", async () => {
    const server = slowServer();
    const saved = { ...keepAskingPolicy };
    restore.push(() => Object.assign(keepAskingPolicy, saved));
    Object.assign(keepAskingPolicy, fast);
    renderRoutes(routes, '/reports');
    // Generous: jsdom renders the whole shell on a shared 2-core box; the e2e test times it.
    const source = await screen.findByTestId('report-source', {}, { timeout: 15_000 });
    expect(source.textContent).toMatch(
      /^The server has not answered yet\. Counted on this device, last sync 2 hours ago \(\d\d-\d\d-\d{4} \d\d:\d\d\); still asking the server\.$/,
    );
    const table = screen.getByTestId('report-table');
    expect(within(table).queryByText('social work')).toBeNull();
    server.answersFrom = server.asked + 1;
    expect(await screen.findByText('Counted by the server', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-table')).getByText('social work')).toBeInTheDocument();
  });
});
