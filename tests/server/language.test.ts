import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../sync/contract';
import { pickLanguage } from '../../sync/contract/i18n';
import { hindi } from '../../sync/contract/i18n/hindi';

const messagesHi = hindi.messages;
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Body = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: unknown };

describe('pickLanguage: the language an Accept-Language header asks for', () => {
  it('is Hindi for hi and hi-IN, English without a header or for a language we do not have', () => {
    expect(pickLanguage('hi')).toBe('hi');
    expect(pickLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pickLanguage('en-GB,hi;q=0.5')).toBe('en');
    expect(pickLanguage('fr,hi;q=0.4')).toBe('hi');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage('hi;q=0')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});

describe.each(databaseKinds)('the server answers in the language asked for (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const quickAdd = (token: string, language?: string) =>
    h.request('/api/child_add_2', {
      method: 'POST',
      token,
      json: { gender: 'Male', dateofarrival: '2025-01-02' },
      headers: language ? { 'Accept-Language': language } : {},
    });

  it('a refused save: English by default, Hindi for Accept-Language hi, in the message and the field errors', async () => {
    const token = await h.login('admin@demo.test');
    const english = await quickAdd(token);
    expect(english.status).toBe(422);
    const englishBody = await json<Body>(english);
    expect(englishBody.message).toBe(messages.nameRequired);
    expect(englishBody.errors?.name).toEqual([messages.nameRequired]);

    const hindi = await quickAdd(token, 'hi-IN,hi;q=0.9');
    expect(hindi.status).toBe(422);
    expect(hindi.headers.get('Vary')).toContain('Accept-Language');
    const hindiBody = await json<Body>(hindi);
    expect(hindiBody.success).toBe(false);
    expect(hindiBody.message).toBe(messagesHi.nameRequired);
    expect(hindiBody.errors?.name).toEqual([messagesHi.nameRequired]);
  });

  it('a failed login and an unauthenticated call in Hindi; data reads are not rewritten', async () => {
    const login = await h.request('/api/login', {
      method: 'POST',
      json: { emailId: '', password: '' },
      headers: { 'Accept-Language': 'hi' },
    });
    expect((await json<Body>(login)).message).toBe(messagesHi.emailRequired);
    const anonymous = await h.request('/api/dashboard', { headers: { 'Accept-Language': 'hi' } });
    expect(anonymous.status).toBe(401);
    expect((await json<Body>(anonymous)).message).toBe(messagesHi.unauthenticated);
  });
});
