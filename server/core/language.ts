import { createMiddleware } from 'hono/factory';
import { pickLanguage, provideHindi, translateMessage, type Language } from '../../sync/contract/i18n';
import { hindi } from '../../sync/contract/i18n/hindi';
import type { Envelope } from '../../sync/contract';
import { serverTextsHi } from './messages-hi';

// The server answers in Hindi from its first request: its tables are known at start.
provideHindi(hindi);

const translateAll = (language: Language, body: Envelope<unknown>): Envelope<unknown> => {
  const say = (text: string) => translateMessage(text, language, serverTextsHi);
  const errors =
    typeof body.errors === 'string'
      ? say(body.errors)
      : body.errors
        ? Object.fromEntries(Object.entries(body.errors).map(([field, list]) => [field, list.map(say)]))
        : undefined;
  return { ...body, ...(body.message ? { message: say(body.message) } : {}), ...(errors ? { errors } : {}) };
};

/**
 * The envelope's `message` and `errors` in the language the request asks for
 * (Accept-Language; English, the spec's texts, by default), so a refused save reads in Hindi
 * on a device set to Hindi. Only answers in another language than English are rewritten, and
 * only JSON envelopes with a message: data, and so stored values and the wire's records,
 * stay as they are.
 */
export const answerInLanguage = createMiddleware(async (c, next) => {
  await next();
  const language = pickLanguage(c.req.header('Accept-Language'));
  if (language === 'en' || !c.res.headers.get('Content-Type')?.includes('application/json')) return;
  if (c.res.status < 400 && !c.req.method.match(/^(POST|PUT|PATCH|DELETE)$/)) return;
  const body = (await c.res.clone().json()) as Envelope<unknown> | null;
  if (!body || typeof body !== 'object' || (!body.message && !body.errors)) return;
  const headers = new Headers(c.res.headers);
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Language');
  c.res = new Response(JSON.stringify(translateAll(language, body)), { status: c.res.status, headers });
});
