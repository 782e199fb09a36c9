import type { ZodType } from 'zod';
import type { EntityDescriptor } from './types';
import type { WireEndpointName } from '../contract/endpoints';
import type { Fields } from '../engine/reconcile';
import { cwcMovesPresentStatus } from './present-status';
import { cwcProduceFormSchema, cwcReferFormSchema } from '../contract/forms/cwc';
import type { LocalRow } from '../db/app-db';

/** A CWC produce or refer entry as the device holds it. */
export type LocalCwc = LocalRow & { centerId?: number; transfer_date?: string; comment?: string; _deleted?: number };

/** A CWC form as a screen holds it: its values as typed, the document rows with their picked files. */
export type CwcInput = {
  centerId: string | number;
  /** CWC Case No., refer only. */
  cwccaseno?: string;
  transfer_date: string;
  comment: string;
  documents: ReadonlyArray<{
    tagId: string | number;
    doc_date?: string | null;
    comment?: string | null;
    filename?: unknown;
  }>;
  /** The child it is for: sent when it has its server id (a cid waits for the child's create, R6). */
  childregId?: unknown;
};

/**
 * The record's fields and files of a CWC form: numbers as numbers, the comment trimmed,
 * document rows without their files, and each picked file as documents[i][filename], the
 * multipart name the server reads (spec part 1 section 7).
 */
export function cwcWrite(kind: 'produce' | 'refer', input: CwcInput): { fields: Fields; files: Record<string, Blob> } {
  const files: Record<string, Blob> = {};
  const documents = input.documents.map((row, i) => {
    if (row.filename instanceof Blob) files[`documents[${i}][filename]`] = row.filename;
    return {
      tagId: row.tagId ? Number(row.tagId) : undefined,
      ...(row.doc_date ? { doc_date: row.doc_date } : {}),
      ...(row.comment ? { comment: row.comment } : {}),
    };
  });
  const fields: Fields = {
    centerId: Number(input.centerId),
    transfer_date: input.transfer_date,
    comment: input.comment.trim(),
    documents,
    ...(kind === 'refer' ? { cwccaseno: input.cwccaseno } : {}),
    ...(typeof input.childregId === 'number' ? { childregId: input.childregId } : {}),
  };
  return { fields, files };
}

/*
 * CWC produce and refer (spec part 1 section 6): the same record and screens, each with
 * its own calls, history status and child flag. A CWC record may name a child created
 * offline (childregId indexed since Dexie v4): it waits for the child's create (R6).
 */
const cwcEntity = <
  C extends WireEndpointName,
  U extends WireEndpointName,
  D extends WireEndpointName,
  L extends WireEndpointName,
>(
  label: string,
  kind: 'produce' | 'refer',
  formSchema: ZodType,
  table: 'cwcProduce' | 'cwcRefer',
  calls: { create: C; update: U; delete: D; list: L },
  status: 'produceToCwc' | 'referFromCwc',
  flag: 'produce_cwc' | 'refer_cwc',
) =>
  ({
    label,
    formSchema,
    table,
    toWrite: (input: CwcInput) => cwcWrite(kind, input),
    ops: {
      create: { endpoint: calls.create, effect: 'create' as const },
      update: { endpoint: calls.update },
      delete: { endpoint: calls.delete, effect: 'delete' as const },
    },
    view: { endpoint: calls.list },
    list: { endpoint: calls.list },
    refs: { childregId: 'children' as const },
    fileFields: [],
    afterLocalWrite: cwcMovesPresentStatus(status, flag),
  }) satisfies EntityDescriptor;

export const cwcProduce = cwcEntity(
  'CWC produce',
  'produce',
  cwcProduceFormSchema,
  'cwcProduce',
  { create: 'produceToCwc', update: 'produceToCwcUpdate', delete: 'produceToCwcDelete', list: 'produce' },
  'produceToCwc',
  'produce_cwc',
);

export const cwcRefer = cwcEntity(
  'CWC refer',
  'refer',
  cwcReferFormSchema,
  'cwcRefer',
  { create: 'referToCwc', update: 'referToCwcUpdate', delete: 'referToCwcDelete', list: 'refer' },
  'referFromCwc',
  'refer_cwc',
);
