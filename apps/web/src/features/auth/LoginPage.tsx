import { loginBody, type LoginBody } from '@campus/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { useLogin } from './api/login';

export default function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<z.input<typeof loginBody>, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { registrationId: '', password: '' },
  });
  const { errors } = formState;

  return (
    <FormPage title="Log in">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) => login.mutate(body, { onSuccess: () => navigate('/') }))}
      >
        <TextField label="Registration ID" inputMode="numeric" autoComplete="username" error={errors.registrationId?.message} {...register('registrationId')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <ErrorBanner message={login.isError ? errorText(login.error) : null} />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        New here? <Link className="text-campus-700 underline" to="/student-signup">Sign up as a student</Link> or{' '}
        <Link className="text-campus-700 underline" to="/teacher-signup">as a teacher</Link>.
      </p>
    </FormPage>
  );
}
