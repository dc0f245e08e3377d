import { pages } from '@campus/contract/pages';
import type { ForgotPasswordBody, forgotPasswordBody } from '@campus/contract/users';
import { fieldLabels } from '@campus/contract/labels';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferredResolver } from '../../lib/forms';
import { useForgotPassword } from './api/password-reset';

/** What the page says after a request, whether or not the account exists (the server does not tell). */
export const RESET_LINK_SENT = 'If that account exists, we sent a reset link to its email.';

const checks = deferredResolver(() => import('./reset-checks').then((m) => m.forgotPasswordResolver));

/** /forgot-password, linked from the login page when the server sends email. */
export default function ForgotPasswordPage() {
  const config = usePortalConfig();
  return (
    <FormPage title="Forgot password" intro="Give your registration ID: we email a link to choose a new password.">
      {config.isPending ? (
        <Spinner label="Loading" />
      ) : config.isError ? (
        <LoadError error={config.error} onRetry={() => config.refetch()} retrying={config.isFetching} />
      ) : config.data.mailEnabled ? (
        <ForgotPasswordForm />
      ) : (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-800">
          This portal sends no email, so a password cannot be reset by email here. Ask the portal&apos;s administrators for help.
        </p>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Remembered it?{' '}
        <Link className="font-medium text-campus-700 underline" to={pages.login}>
          Log in
        </Link>
        .
      </p>
    </FormPage>
  );
}

function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState } = useForm<z.input<typeof forgotPasswordBody>, unknown, ForgotPasswordBody>({
    resolver: checks.resolver,
    defaultValues: { registrationId: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) => forgot.mutate(body));

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit} onFocus={checks.preload}>
      {forgot.isSuccess && (
        <SuccessBanner message={RESET_LINK_SENT} onDismiss={() => forgot.reset()}>
          <p className="mt-1 text-sm">The link works once, for 30 minutes. Check your spam folder if it does not arrive.</p>
        </SuccessBanner>
      )}
      <TextField label={fieldLabels.registrationId} inputMode="numeric" autoComplete="username" error={errors.registrationId?.message} {...register('registrationId')} />
      <ErrorBanner message={errors.root?.message ?? (forgot.isError ? errorText(forgot.error) : null)} />
      <Button type="submit" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
