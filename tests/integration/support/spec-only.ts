import { matchWireEndpoint, wireEndpoints } from '../../../sync/contract/endpoints';
import type { ServerFetch } from './faulty-fetch';

/**
 * The real server as a backend that speaks only the spec's calls: every extension row answers
 * 404, list queries lose `updated_since`/`after_id`, answers lose the `sync` block. Small on
 * purpose; the server's own SPEC_ONLY mode replaces it.
 */
export function specOnly(server: ServerFetch): ServerFetch {
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const name = matchWireEndpoint(request.method, path);
    const row: { extension?: boolean } | undefined = name && wireEndpoints[name];
    if (row?.extension) return new Response('Not Found', { status: 404 });
    url.searchParams.delete('updated_since');
    url.searchParams.delete('after_id');
    const answer = await server(new Request(url, request));
    if (!answer.headers.get('content-type')?.includes('json')) return answer;
    const body = (await answer.json()) as Record<string, unknown>;
    delete body.sync;
    return Response.json(body, { status: answer.status, headers: answer.headers });
  };
}
