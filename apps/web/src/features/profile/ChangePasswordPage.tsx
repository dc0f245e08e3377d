import type { ChangePasswordBody } from '@campus/contract/users';
import { fieldLabels } from '@campus/contract/labels';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { deferredResolver } from '../../lib/forms';
import { RequireUser } from '../auth';
import { useChangePassword } from './api/change-password';
import type { changePasswordForm } from './profile-checks';

type FormValues = z.input<typeof changePasswordForm>;

const checks = deferredResolver(() => import('./profile-checks').then((m) => m.changePasswordResolver));

/** /change-password, linked from the profile page and the account menu. */
export default function ChangePasswordPage() {
  return <RequireUser>{() => <ChangePassword />}</RequireUser>;
}

function ChangePassword() {
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm<FormValues, unknown, ChangePasswordBody & { confirm: string }>({
    resolver: checks.resolver,
    defaultValues: { oldpassword: '', newpassword: '', confirm: '' },
  });
  const { errors } = formState;
  // Only the two passwords travel; the confirmation is checked in the browser.
  const submit = handleSubmit(({ oldpassword, newpassword }) => change.mutate({ oldpassword, newpassword }, { onSuccess: () => reset() }));

  return (
    <FormPage title="Change password" intro="Changing it logs you out everywhere else.">
      <form noValidate className="flex flex-col gap-4" onSubmit={submit} onFocus={checks.preload}>
        {change.isSuccess && <SuccessBanner message="Your password has been changed." onDismiss={() => change.reset()} />}
        <PasswordField label={fieldLabels.oldpassword} autoComplete="current-password" error={errors.oldpassword?.message} {...register('oldpassword')} />
        <PasswordField label="New password" autoComplete="new-password" hint="At least 8 characters." error={errors.newpassword?.message} {...register('newpassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
        <ErrorBanner message={errors.root?.message ?? (change.isError ? errorText(change.error) : null)} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </FormPage>
  );
}
