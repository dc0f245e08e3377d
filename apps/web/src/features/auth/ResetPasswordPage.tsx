import { pages } from '@campus/contract/pages';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
import { deferredResolver } from '../../lib/forms';
import { useResetPassword } from './api/password-reset';
import type { resetPasswordForm } from './reset-checks';

type FormValues = z.input<typeof resetPasswordForm>;

export const PASSWORD_RESET_DONE = 'Your password has been reset, and every session of your account logged out. Log in with the new password.';
export const PASSWORD_SET_DONE = 'Your password is set. Log in with your registration ID and that password.';

const checks = deferredResolver(() => import('./reset-checks').then((m) => m.resetPasswordResolver));

const askAgain = (
  <Link className="font-medium text-campus-700 underline" to={pages.forgotPassword}>
    Ask for a new reset link
  </Link>
);

/**
 * /reset-password?token=…: the page an emailed reset link opens. `first=1` (an invitation, or a
 * link to an account with no password yet) makes it say "set your password" rather than
 * "reset": the words only, as the token alone decides what the link may do.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const first = params.get('first') === '1';
  return (
    <FormPage
      title={first ? 'Set your password' : 'Choose a new password'}
      intro={first ? 'Your campus has set up your account: choose the password you will log in with.' : 'Setting it logs your account out everywhere.'}
    >
      {token ? (
        <ResetPasswordForm token={token} first={first} />
      ) : (
        <div className="flex flex-col gap-4">
          <ErrorBanner message="This page needs the link from your reset email: open that link again." />
          <p className="text-sm">{askAgain}</p>
        </div>
      )}
    </FormPage>
  );
}

function ResetPasswordForm({ token, first }: { token: string; first: boolean }) {
  const reset = useResetPassword();
  const navigate = useNavigateWithFlash();
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, z.output<typeof resetPasswordForm>>({
    resolver: checks.resolver,
    defaultValues: { newpassword: '', confirm: '' },
  });
  const { errors } = formState;
  // Only the token and the new password travel; the confirmation is checked in the browser.
  const submit = handleSubmit(({ newpassword }) =>
    reset.mutate({ token, newpassword }, { onSuccess: () => navigate(pages.login, first ? PASSWORD_SET_DONE : PASSWORD_RESET_DONE, { replace: true }) }),
  );

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit} onFocus={checks.preload}>
      <PasswordField label={first ? 'Password' : 'New password'} autoComplete="new-password" hint="At least 8 characters." error={errors.newpassword?.message} {...register('newpassword')} />
      <PasswordField label={first ? 'Confirm password' : 'Confirm new password'} autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
      <ErrorBanner message={errors.root?.message ?? (reset.isError ? errorText(reset.error) : null)} />
      {reset.isError && <p className="text-sm">{askAgain}</p>}
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : first ? 'Set password' : 'Set new password'}
      </Button>
    </form>
  );
}
