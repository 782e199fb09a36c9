import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FieldProblem } from '../../sync';
import { toast } from '../components/toast';

/**
 * Tells the user what is wrong: the spec's one error toast, and the field marked (red,
 * aria-invalid, its message under it) and focused, so the problem is found on a long form.
 */
export function showProblem<T extends FieldValues>(form: UseFormReturn<T>, problem: FieldProblem) {
  toast.error(problem.message);
  form.clearErrors();
  if (problem.field && problem.field in form.getValues())
    form.setError(problem.field as Path<T>, { type: 'manual', message: problem.message }, { shouldFocus: true });
}
