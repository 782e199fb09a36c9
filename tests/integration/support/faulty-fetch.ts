import { recordWire } from '../../wire';

/**
 * A fetch that reaches the real server in-process (Hono's app.fetch) and can be told
 * to misbehave, one fault per request, the way networks do.
 */
export type Fault =
  | 'pass' // delivered normally
  | 'drop-request' // never reaches the server
  | 'drop-response' // the server commits, the answer is lost
  | 'duplicate' // delivered twice; the client sees the second answer
  | 'status-500'
  | 'status-429'
  | 'timeout' // the client gives up waiting (simulated at once, whatever its timeout)
  | 'hang' // never answers: the client's own timeout must end it
  | 'status-401'; // the token is no longer accepted

export type ServerFetch = (request: Request) => Response | Promise<Response>;

export class FaultyFetch {
  private queue: Fault[] = [];
  /** Every request that reached the server: method and path. */
  readonly delivered: string[] = [];
  /** Called after the server answered, before the client sees it (restart simulation). */
  afterServer: ((request: Request) => void) | null = null;

  constructor(private readonly server: ServerFetch) {}

  /** The next requests meet these faults, in order; later ones go through. */
  inject(...faults: Fault[]): void {
    this.queue.push(...faults);
  }

  heal(): void {
    this.queue = [];
  }

  get pendingFaults(): number {
    return this.queue.length;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    // The wire test: every request the client sends is checked against the endpoint table
    // (read from a copy, beside the request, so its own timing is unchanged).
    recordWire(request.clone());
    const fault = this.queue.shift();
    const deliver = async (r: Request) => {
      this.delivered.push(`${r.method} ${new URL(r.url).pathname}`);
      const response = await this.server(r);
      this.afterServer?.(r);
      return response;
    };
    switch (fault) {
      case 'drop-request':
        throw new TypeError('Failed to fetch');
      case 'drop-response':
        await (await deliver(request)).arrayBuffer();
        throw new TypeError('Failed to fetch');
      case 'duplicate': {
        const copy = request.clone();
        await (await deliver(request)).arrayBuffer();
        return deliver(copy);
      }
      case 'status-500':
        return json(500, { success: false, message: 'Something went wrong!' });
      case 'status-429':
        return json(429, { success: false, message: 'Too Many Attempts.' });
      case 'status-401':
        return json(401, { message: 'Unauthenticated.' });
      case 'timeout':
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
      case 'hang':
        return new Promise<Response>((_, reject) => {
          const abort = () => reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
          if (request.signal.aborted) abort();
          request.signal.addEventListener('abort', abort);
        });
      default:
        return deliver(request);
    }
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
