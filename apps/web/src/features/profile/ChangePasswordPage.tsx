import { changePasswordBody, type ChangePasswordBody } from '@campus/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RequireUser } from '../../app/RequireUser';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { useChangePassword } from './api/change-password';

/** The contract's rules, plus a confirmation that only the browser checks. */
const formSchema = changePasswordBody
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.newpassword, { path: ['confirm'], error: 'the two new passwords differ' });
type FormValues = z.infer<typeof formSchema>;

export default function ChangePasswordPage() {
  return <RequireUser>{() => <ChangePassword />}</RequireUser>;
}

function ChangePassword() {
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { oldpassword: '', newpassword: '', confirm: '' },
  });
  const { errors } = formState;
  return (
    <FormPage title="Change password">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit(({ oldpassword, newpassword }: ChangePasswordBody) =>
          change.mutate({ oldpassword, newpassword }, { onSuccess: () => reset() }),
        )}
      >
        {change.isSuccess && (
          <SuccessBanner message={change.data.message || 'Password changed'}>
            <p className="text-sm">Your other sessions have been logged out.</p>
          </SuccessBanner>
        )}
        <PasswordField label="Old password" autoComplete="current-password" error={errors.oldpassword?.message} {...register('oldpassword')} />
        <PasswordField label="New password" autoComplete="new-password" error={errors.newpassword?.message} {...register('newpassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
        <ErrorBanner message={change.isError ? errorText(change.error) : null} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </FormPage>
  );
}
