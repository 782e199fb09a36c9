import { createMiddleware } from 'hono/factory';
import { controlCharactersIn, hasControlCharacters, labelOfPath } from '../../sync/contract';
import type { AppEnv } from './context';
import { fail } from './http';
import { serverMessages } from './messages';

/*
 * The URL's share of the text rule the body parser applies: no path names a record with
 * a control character in it (404), and a query value with one (a list's search box) is a
 * 422 naming the parameter, before any query reaches the database.
 */
export const refuseControlCharactersInUrl = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return fail(c, 404, serverMessages.notFound);
  }
  if (hasControlCharacters(path)) return fail(c, 404, serverMessages.notFound);
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) {
      const message = controlCharactersIn(labelOfPath([name.replace(/\[.*$/, '')]));
      return fail(c, 422, message, { [name.replace(/[^\w.[\]-]/g, '')]: [message] });
    }
  }
  await next();
});
