import { controlCharactersIn, hasControlCharacters, labelOfPath, messages } from '../../sync/contract';
import { RejectedInput } from './rejected-input';

/*
 * Limits of every parsed body, checked before the body is parsed or walked, so no input
 * can overflow the stack (deep nesting) or hold the event loop (a hundred thousand
 * repeated rows). The largest real forms have a few hundred fields (registration with
 * its document rows, a role's permission blocks) and nest three levels
 * (`documents[0][tagId]`).
 */
export const MAX_BODY_FIELDS = 2000;
export const MAX_BODY_DEPTH = 12;
/** A form field name is an API field name with a few bracketed indexes. */
export const MAX_FIELD_NAME_LENGTH = 200;

const tooComplex = () => new RejectedInput(413, messages.requestTooComplex);

/**
 * Nesting depth and value count of a JSON text, by one scan of its bytes that skips
 * strings: JSON.parse itself copes with depth, but every walk over the result recurses.
 */
export function assertJsonWithinLimits(text: string): void {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > MAX_BODY_DEPTH) throw tooComplex();
      values++;
    } else if (ch === 125 || ch === 93) depth--;
    else if (ch === 44 /* , */ && ++values > MAX_BODY_FIELDS * 2) throw tooComplex();
  }
}

/** Field count of a url-encoded or multipart body, counted in its bytes before parsing. */
export function assertFormWithinLimits(bytes: Uint8Array, contentType: string): void {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const separator = boundary ? Buffer.from(`--${boundary}`) : Buffer.from('&');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fields = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, at + separator.length)) {
    if (++fields > MAX_BODY_FIELDS) throw tooComplex();
  }
}

/** Field names of a parsed form: length and bracket depth. */
export function assertFieldNamesWithinLimits(fields: Record<string, unknown>): void {
  for (const name of Object.keys(fields)) {
    if (name.length > MAX_FIELD_NAME_LENGTH) throw tooComplex();
    let brackets = 0;
    for (let i = 0; i < name.length; i++)
      if (name.charCodeAt(i) === 91 && ++brackets > MAX_BODY_DEPTH) throw tooComplex();
  }
}

/** `documents[0][comment]` → `documents.0.comment`, the path zod gives the same field. */
const dotted = (name: string) => name.replace(/\[([^[\]]*)\]/g, '.$1');

/**
 * Every text of a body (field names and values, at any depth) without control
 * characters; a 422 naming each offending field otherwise. PostgreSQL refuses NUL in
 * text, so this keeps such input from ever reaching a query.
 */
export function assertNoControlCharacters(body: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  const visit = (value: unknown, path: string[], depth: number) => {
    if (depth > MAX_BODY_DEPTH + 2) return;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) errors[path.join('.') || 'body'] ??= [controlCharactersIn(labelOfPath(path))];
      return;
    }
    if (typeof value !== 'object' || value === null || value instanceof Blob) return;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (hasControlCharacters(key)) errors[path.join('.') || 'body'] ??= [messages.controlCharacters];
      else visit(inner, [...path, ...dotted(key).split('.')], depth + 1);
    }
  };
  visit(body, [], 0);
  const first = Object.values(errors)[0];
  if (first) throw new RejectedInput(422, first[0], errors);
}
