import type { z } from 'zod';
import { theFieldRequired } from '../messages';
import { childFieldLabels } from '../forms/child-labels';
import { fieldLabels } from './fields';

/*
 * zod's own wording ('Invalid input: expected object, received array', 'Too big: expected
 * int to be <=9007199254740991') is for programmers. Every schema of the contract names its
 * messages where the spec gives them; this map words the rest the way the spec's other
 * messages read ('The X field is required.'), with the field's label. The spec's rule
 * holds: the first message of the first failing field is what the user sees.
 */

const labels: Record<string, string> = { ...fieldLabels, ...childFieldLabels };

/** The label of the field an issue path points at: its last named segment. */
export function labelOfPath(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((segment) => typeof segment === 'string' && !/^\d+$/.test(segment));
  if (typeof named !== 'string') return 'request';
  return labels[named] ?? named.replace(/[_-]+/g, ' ').trim();
}

const kinds: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

function sized(origin: string | undefined, bound: number | bigint, limit: 'greater' | 'less'): string {
  const more = limit === 'greater';
  if (origin === 'string')
    return more ? `must not be greater than ${bound} characters.` : `must be at least ${bound} characters.`;
  if (origin === 'array' || origin === 'set')
    return more ? `must not have more than ${bound} items.` : `must have at least ${bound} items.`;
  if (Math.abs(Number(bound)) >= Number.MAX_SAFE_INTEGER) return more ? 'is too large.' : 'is too small.';
  return more ? `must not be greater than ${bound}.` : `must be at least ${bound}.`;
}

/**
 * A zod error map that words every issue for a person. It only fills in where a schema
 * named no message of its own, so the spec's texts always win.
 */
export const readableZodError = (issue: z.core.$ZodRawIssue): string => {
  const label = labelOfPath(issue.path ?? []);
  const field = label === 'request' ? 'The request' : `The ${label} field`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return theFieldRequired(label);
      return `${field} must be ${kinds[issue.expected] ?? 'valid'}.`;
    case 'too_big':
      return `${field} ${sized(issue.origin, issue.maximum, 'greater')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return theFieldRequired(label);
      return `${field} ${sized(issue.origin, issue.minimum, 'less')}`;
    case 'invalid_value':
      return label === 'request' ? 'The request is not valid.' : `The selected ${label} is invalid.`;
    case 'invalid_format':
      return issue.format === 'email' ? `${field} must be a valid email address.` : `${field} format is invalid.`;
    case 'unrecognized_keys':
      return `${field} holds fields that are not allowed.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return `${field} is not valid.`;
  }
};
