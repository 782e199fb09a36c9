import { useCallback, useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { notifications } from '@mantine/notifications';
import type { FieldProblem } from '../../sync';
import { toast } from '../components/toast';
import { useFormDraft, type FormDraft } from './form-draft';
import { useUnsavedGuard } from './unsaved-forms';

/** A contract schema (zod), as zodResolver takes it. */
export type ContractSchema = Parameters<typeof zodResolver>[0];

/** What a save answers: done, refused with the message to show (and the field it is about), or null to say nothing. */
export type SaveOutcome = { ok: true } | { ok: false; message: string; field?: string | null };

export type ContractFormOptions<T extends FieldValues> = {
  /** The contract's schema of the form; its keys are the form's fields in screen order. */
  schema: ContractSchema;
  /** What the schema checks, when the record adds to what is typed (its id, the list's service). */
  input?: (values: T) => unknown;
  /** How a problem is told, when the form names a field otherwise than the contract (an action's date). */
  describe?: (problem: FieldProblem) => FieldProblem;
  defaultValues: DefaultValues<T>;
  /** Where the draft is kept ('tag:<cid>'); without it the form keeps no draft. */
  draftKey?: string;
  /** Whether typed input holds back the update prompt and warns before the tab closes (default true). */
  guarded?: boolean;
  /** Saves checked values; null when it has shown something else instead (possible duplicates). */
  save: (values: T) => Promise<SaveOutcome | null>;
  /** After a save: the draft is forgotten and the form holds the saved values (not dirty). */
  onSaved?: (values: T) => void | Promise<void>;
  /** Called with each problem told (the wizard opens the step that holds the field). */
  onProblem?: (problem: FieldProblem) => void;
};

export type ContractForm<T extends FieldValues> = {
  form: UseFormReturn<T>;
  draft: FormDraft;
  /** A save is under way. */
  busy: boolean;
  /** Checks the form and saves it: the form's onSubmit, or a button's onClick. */
  submit: ReturnType<UseFormReturn<T>['handleSubmit']>;
  /** The spec's one error toast, with its field marked and focused. */
  tell: (problem: FieldProblem) => void;
};

/** The keys of an object schema, in the order it declares them (screen order). */
const keysOf = (schema: ContractSchema): string[] => {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

/** The first message under `error` (a field, or an array of rows), with its dotted path. */
function messageIn(error: unknown, path: string): FieldProblem | null {
  if (!error || typeof error !== 'object') return null;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return { field: path, message };
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref' || key === 'types') continue;
    const found = messageIn(inner, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/** The first failing field in `order` (then any other) and its message. */
export function firstProblem(errors: FieldErrors, order: readonly string[]): FieldProblem | null {
  const rest = Object.keys(errors).filter((key) => !order.includes(key));
  for (const key of [...order, ...rest]) {
    const found = messageIn(errors[key], key);
    if (found) return found;
  }
  return null;
}

type Checked<T> = { schema: ContractSchema; input?: (values: T) => unknown };

/** zodResolver over what the schema checks; the values saved stay the form's own, as typed. */
async function check<T extends FieldValues>(
  { schema, input }: Checked<T>,
  ...[values, context, options]: Parameters<Resolver<T>>
): Promise<Awaited<ReturnType<Resolver<T>>>> {
  const resolver = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<T>;
  const checked = await resolver((input ? input(values) : values) as T, context, options);
  return Object.keys(checked.errors).length > 0 ? checked : { values, errors: {} };
}

const isMark = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';

/**
 * What a check while typing may mark: the problem of a field changed, as react-hook-form
 * checks it, but inside a list of rows only what is marked already, so a row added after a
 * refusal is not marked blank by blank before anything is typed in it.
 */
function keepMarked(found: unknown, shown: unknown, top: boolean): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (typeof found !== 'object' || found === null) return kept;
  for (const [key, error] of Object.entries(found)) {
    const mark = typeof shown === 'object' && shown !== null ? (shown as Record<string, unknown>)[key] : undefined;
    if (isMark(mark) || (!mark && top && isMark(error))) kept[key] = error;
    else if (mark) {
      const inner = keepMarked(error, mark, false);
      if (Object.keys(inner).length > 0) kept[key] = inner;
    }
  }
  // Rows stay a list, as react-hook-form keeps them.
  return Array.isArray(found) ? Object.assign([], kept) : kept;
}

/**
 * A form of the contract: react-hook-form checked by `zodResolver(schema)`, the first
 * failing field's message as the one error toast (spec part 1, section 5), a draft kept on
 * the device, the unsaved guard, and a save whose refusal is told the same way and loses
 * nothing typed.
 */
export function useContractForm<T extends FieldValues>(options: ContractFormOptions<T>): ContractForm<T> {
  const { schema, input, describe, defaultValues, draftKey, guarded = true, save, onSaved, onProblem } = options;
  const [busy, setBusy] = useState(false);
  // The resolver reads the schema and input of the last render (a selection loaded after the form opened).
  const checked = useRef<Checked<T>>({ schema, input });
  useEffect(() => {
    checked.current = { schema, input };
  });
  // Whether the check under way is a save's (everything) or one while typing (what keepMarked lets through).
  const submitting = useRef(false);
  const shown = useRef<FieldErrors<T>>({});
  const resolver = useCallback<Resolver<T>>(async (...args) => {
    const result = await check(checked.current, ...args);
    if (submitting.current) {
      // One check per save, at its start; what is typed while it saves is checked as typing.
      submitting.current = false;
      return result;
    }
    const errors = keepMarked(result.errors, shown.current, true);
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values: args[0], errors: {} };
  }, []);
  const form = useForm<T>({ defaultValues, resolver });
  const draft = useFormDraft(form, draftKey ?? null);
  useUnsavedGuard(guarded && form.formState.isDirty && !busy);

  // The toast told about a field: it leaves once that field is valid again, or the form closes.
  const told = useRef<{ id: string; field: string } | null>(null);
  const forget = useCallback(() => {
    if (told.current) notifications.hide(told.current.id);
    told.current = null;
  }, []);
  const { errors } = form.formState;
  useEffect(() => {
    shown.current = errors;
    if (told.current && !get(errors, told.current.field)) forget();
  });
  useEffect(() => forget, [forget]);

  const tell = useCallback(
    (found: FieldProblem) => {
      const problem = describe ? describe(found) : found;
      // One validation toast at a time: the one about the last problem.
      forget();
      const id = toast.error(problem.message);
      form.clearErrors();
      // Marked even when nothing was typed in it yet (a blank action field); a field the form
      // does not show (an id the record adds) is marked where nothing reads it.
      if (problem.field) {
        const before = document.activeElement;
        form.setError(problem.field as Path<T>, { type: 'manual', message: problem.message }, { shouldFocus: true });
        told.current = { id, field: problem.field };
        // The field focused is brought to the middle of its dialog, clear of a toast at the bottom.
        const focused = document.activeElement;
        if (focused !== before && focused instanceof HTMLElement) focused.scrollIntoView({ block: 'center' });
      }
      onProblem?.(problem);
    },
    [form, describe, onProblem, forget],
  );

  const saveChecked = async (values: T) => {
    setBusy(true);
    let saved = false;
    try {
      const outcome = await save(values);
      if (!outcome) return;
      if (!outcome.ok) return tell({ field: outcome.field ?? null, message: outcome.message });
      await draft.clear();
      // Reset while still busy: busy and dirty fall in the same render, so a saved form is
      // never counted unsaved again between the save and its reset.
      form.reset(values);
      saved = true;
    } finally {
      setBusy(false);
    }
    if (saved) await onSaved?.(values);
  };
  const tellFirst = (errors: FieldErrors<T>) => {
    const problem = firstProblem(errors, keysOf(schema));
    if (problem) tell(problem);
  };
  const submit: ContractForm<T>['submit'] = async (event) => {
    submitting.current = true;
    try {
      await form.handleSubmit(saveChecked, tellFirst)(event);
    } finally {
      submitting.current = false;
    }
  };

  return { form, draft, busy, submit, tell };
}
