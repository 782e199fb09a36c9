import type { PayloadKind } from './endpoints';
import type { WireRequest } from './wire';

/** What a request carries, for the wire rule: its body kind and top-level field names (never values). */
export async function describeRequest(request: Request): Promise<WireRequest> {
  const { pathname } = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let kind: PayloadKind = 'none';
  let fields: string[] = [];
  if (type.includes('application/json')) {
    kind = 'json';
    const text = await request.text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    fields = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  } else if (type.includes('multipart/form-data')) {
    kind = 'multipart';
    fields = [...new Set([...(await request.formData()).keys()])];
  }
  return { method: request.method, path: pathname, kind, fields };
}
