import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../../sync/contract';

/**
 * Input refused before any handler looks at it (control characters, a body too deep or
 * with too many fields). Thrown from the one body parser; the error handler answers it
 * with the envelope, as a 4xx, and does not log it as a fault.
 */
export class RejectedInput extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'RejectedInput';
  }
}
