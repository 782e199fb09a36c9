import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { loginFormSchema, signIn, type LoginForm } from '../../../../sync';
import { toast } from '../../../components/toast';

const fieldOrder: Array<keyof LoginForm> = ['email', 'password'];

/** The login form: the first failing field as an error toast, then the server's answer. */
export function useLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });

  const onValid = async (values: LoginForm) => {
    setSubmitting(true);
    const result = await signIn(values);
    setSubmitting(false);
    if (result.ok) navigate('/dashboard', { replace: true });
    else toast.error(result.message);
  };

  const onInvalid = (errors: FieldErrors<LoginForm>) => {
    const first = fieldOrder.find((field) => errors[field]);
    const message = first ? errors[first]?.message : undefined;
    if (message) toast.error(message);
  };

  return { form, submitting, submit: form.handleSubmit(onValid, onInvalid) };
}
