import { useNavigate } from 'react-router';
import { loginFormSchema, signIn, type LoginForm } from '../../../../sync';
import { useContractForm } from '../../../lib/use-contract-form';

/** The login form: the first failing field as an error toast, then the server's answer. */
export function useLogin() {
  const navigate = useNavigate();
  const { form, busy, submit } = useContractForm<LoginForm>({
    schema: loginFormSchema,
    defaultValues: { email: '', password: '' },
    // A half-typed login keeps no draft (a password is never written to the device) and holds back no update.
    guarded: false,
    save: signIn,
    onSaved: () => navigate('/dashboard', { replace: true }),
  });
  return { form, submitting: busy, submit };
}
