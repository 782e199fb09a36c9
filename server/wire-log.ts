import { appendFileSync } from 'node:fs';
import { describeRequest } from '../sync/contract/wire-record';

/*
 * WIRE_LOG=<file> (tests only): every API request's method, path, body kind and field
 * names — never values — one JSON line each, with whether a browser sent it, so the e2e
 * suite can check the client spoke only the endpoint table's calls (DESIGN.md, The wire).
 */
export function wireLogger(file: string): (request: Request) => void {
  return (request) => {
    const browser = /Chrome/.test(request.headers.get('user-agent') ?? '');
    describeRequest(request).then(
      (described) => appendFileSync(file, `${JSON.stringify({ ...described, browser })}\n`),
      () =>
        appendFileSync(
          file,
          `${JSON.stringify({ method: request.method, path: new URL(request.url).pathname, kind: 'none', fields: ['<unreadable body>'], browser })}\n`,
        ),
    );
  };
}
