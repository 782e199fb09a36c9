import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { longTextFields, textLimits, wireEndpointNames } from '../../../sync/contract';
import { payloadSchemas } from '../../../sync/contract/endpoints/payloads';

/*
 * Every text a form sends has a length (constants/limits.ts textLimits): a free-text box
 * (longTextFields) at most 5000 characters, any other text a line of 255. Generated over
 * the endpoint table's payload schemas, so a field added without a limit fails here the
 * day it is added: each field, and each field of a row list (documents, follow_up_data),
 * is sent one character too long as letters, as digits and as an e-mail address (so digit
 * and e-mail checks cannot hide a missing limit), and must be refused at its own path.
 */

type Node = {
  shape?: Record<string, Node>;
  _zod: { def: { type: string; innerType?: Node; in?: Node; out?: Node; element?: Node; options?: Node[] } };
};

/** The object schemas a schema can be (the variants of a union, the inside of a pipe or a default). */
function objectsOf(node: Node | undefined, depth = 0): Node[] {
  if (!node || depth > 8) return [];
  if (node.shape) return [node];
  const def = node._zod.def;
  if (def.options) return def.options.flatMap((o) => objectsOf(o, depth + 1));
  return [def.innerType, def.in, def.out].flatMap((n) => objectsOf(n, depth + 1));
}

/** The row schema of a field that is a list of rows (documents, follow_up_data, bulk's pairs). */
function rowsOf(node: Node | undefined, depth = 0): Node[] {
  if (!node || depth > 8) return [];
  const def = node._zod.def;
  if (def.type === 'array') return objectsOf(def.element);
  return [def.innerType, def.in, def.out].flatMap((n) => rowsOf(n, depth + 1));
}

type Probe = { where: string; schema: z.ZodType; field: string; wrap: (value: string) => unknown; path: string };

/** Every text-capable field of every payload schema, with how to send a value in it. */
function probes(): Probe[] {
  const out: Probe[] = [];
  for (const name of wireEndpointNames) {
    const schema = payloadSchemas[name] as unknown as Node | undefined;
    for (const [v, object] of objectsOf(schema).entries()) {
      for (const [field, fieldSchema] of Object.entries(object.shape!)) {
        const where = `${name}${objectsOf(schema).length > 1 ? `[${v}]` : ''}.${field}`;
        const own = object as unknown as z.ZodType;
        out.push({ where, schema: own, field, wrap: (value) => ({ [field]: value }), path: field });
        for (const row of rowsOf(fieldSchema))
          for (const rowField of Object.keys(row.shape!))
            out.push({
              where: `${where}[].${rowField}`,
              schema: own,
              field: rowField,
              wrap: (value) => ({ [field]: [{ [rowField]: value }] }),
              path: `${field}.0.${rowField}`,
            });
      }
    }
  }
  return out;
}

const limitOf = (field: string): number =>
  (longTextFields as readonly string[]).includes(field) ? textLimits.long : textLimits.short;

const tooLong = (n: number) => ['x'.repeat(n + 1), '1'.repeat(n + 1), `${'a'.repeat(n)}@b.co`];

/** The messages of the issues at `path`. */
const issuesAt = (schema: z.ZodType, body: unknown, path: string): string[] => {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
};

describe('text limits over the endpoint table (constants/limits.ts textLimits)', () => {
  const all = probes();

  it('finds the fields to check', () => {
    expect(all.length).toBeGreaterThan(200);
    expect(all.map((p) => p.where)).toEqual(
      expect.arrayContaining(['beneficiaryAdd.age', 'beneficiaryAdd.comment', 'childAdd.documents[].comment']),
    );
  });

  it('every text field refuses a text one character past its limit, at its own path', () => {
    const unbounded = all.filter((p) =>
      tooLong(limitOf(p.field)).some((value) => issuesAt(p.schema, p.wrap(value), p.path).length === 0),
    );
    expect(unbounded.map((p) => p.where)).toEqual([]);
  });

  it('a free-text box (comment, address, ...) holds its 5000 characters', () => {
    const boxes = all.filter((p) => (longTextFields as readonly string[]).includes(p.field));
    expect(boxes.length).toBeGreaterThan(20);
    const refused = boxes.filter((p) => issuesAt(p.schema, p.wrap('y'.repeat(textLimits.long)), p.path).length > 0);
    expect(refused.map((p) => p.where)).toEqual([]);
  });

  it('says how long a text may be, naming the field', () => {
    const beneficiary = payloadSchemas.beneficiaryAdd!;
    expect(issuesAt(beneficiary, { comment: 'z'.repeat(textLimits.long + 1) }, 'comment')).toEqual([
      'The comment field must not be greater than 5000 characters.',
    ]);
    expect(issuesAt(beneficiary, { age: '1'.repeat(1024 * 1024) }, 'age')).toEqual([
      'The age field must not be greater than 255 characters.',
    ]);
    expect(
      issuesAt(payloadSchemas.childAdd!, { documents: [{ comment: 'z'.repeat(5001) }] }, 'documents.0.comment'),
    ).toEqual(['The comment field must not be greater than 5000 characters.']);
  });
});
