import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { FieldProblem, LoginForm } from '../../../../sync';
import { messages } from '../../../../sync/shell';
import { toast } from '../../../components/toast';
import { loadDataLayer } from '../../../lib/data-layer';

type DataLayer = Awaited<ReturnType<typeof loadDataLayer>>;

const valuesOf = (form: HTMLFormElement): LoginForm => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
};

/** The field a check of `values` refuses first, in screen order, or null. */
const refusedField = (sync: DataLayer, values: LoginForm): FieldProblem | null => {
  const checked = sync.loginFormSchema.safeParse(values);
  return checked.success ? null : sync.firstIssue(checked.error);
};

/**
 * The login form, as every form of the app behaves (src/lib/use-contract-form.ts): the first
 * failing field's message as the one error toast, that field marked and focused, the toast
 * gone once the field is valid again, then the server's answer (spec part 1, sections 2, 5
 * and 8). Its inputs are the browser's own and the check and the sign-in come with the data
 * layer, loaded when a field is first focused or the form sent: /login's first load has no zod, no
 * react-hook-form and no Dexie.
 */
export function useLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [marked, setMarked] = useState<string | null>(null);
  const sync = useRef<DataLayer | null>(null);
  const told = useRef<{ id: string; field: string | null } | null>(null);

  const forget = useCallback(() => {
    if (told.current) notifications.hide(told.current.id);
    told.current = null;
    setMarked(null);
  }, []);
  useEffect(() => forget, [forget]);

  const tell = (form: HTMLFormElement, problem: FieldProblem) => {
    forget();
    told.current = { id: toast.error(problem.message), field: problem.field };
    if (!problem.field) return;
    setMarked(problem.field);
    const input = form.elements.namedItem(problem.field);
    if (input instanceof HTMLElement) input.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    try {
      const layer = (sync.current ??= await loadDataLayer());
      const values = valuesOf(form);
      const problem = refusedField(layer, values);
      if (problem) return tell(form, problem);
      const result = await layer.signIn(values);
      if (!result.ok) return tell(form, { field: null, message: result.message });
      forget();
      void navigate('/dashboard', { replace: true });
    } catch {
      // The data layer's chunk did not come (offline on a first visit): nothing was sent.
      tell(form, { field: null, message: messages.serverNotRespondingRetry });
    } finally {
      setSubmitting(false);
    }
  };

  /** While typing: the toast told about a field leaves once that field is valid again. */
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    const field = told.current?.field;
    if (!field || !sync.current) return;
    if (refusedField(sync.current, valuesOf(event.currentTarget))?.field !== field) forget();
  };

  /** A field focused: the data layer starts loading while the person types. */
  const warmUp = () => {
    if (!sync.current)
      loadDataLayer().then(
        (layer) => (sync.current = layer),
        () => undefined,
      );
  };

  return { submitting, marked, submit, recheck, warmUp };
}
