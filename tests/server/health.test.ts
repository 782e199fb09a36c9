import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEndpoints } from '../../sync/contract';
import { serverMessages } from '../../server/core/messages';
import { createHarness, databaseKinds, json, type Harness } from './harness';

/*
 * GET /api/health (README, Deployment): what a load balancer asks each process. Our
 * extension, public, and it names no one.
 */
describe.each(databaseKinds)('GET /api/health (%s)', (kind) => {
  let h: Harness;
  let closed = false;
  beforeAll(async () => {
    h = await createHarness(kind, { demo: false, adminPassword: 'admin-password-1' });
  });
  afterAll(async () => {
    if (!closed) await h?.close();
  });

  it('is an extension row anyone may call', () => {
    expect(wireEndpoints.health).toMatchObject({
      method: 'GET',
      path: '/health',
      permission: 'public',
      extension: true,
    });
  });

  it('answers 200 with a small body, without a token and with a bad one, never cached', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await h.request('/api/health', { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await json(response)).toEqual({ success: true, data: { status: 'ok' } });
    }
  });

  it('answers 503 once the database no longer answers', async () => {
    await h.close();
    closed = true;
    const response = await h.request('/api/health');
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({ success: false, message: serverMessages.databaseUnavailable });
  });
});
