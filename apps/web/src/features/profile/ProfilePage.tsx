import { BRANCHES, SEMESTERS, updateAccountBody, type UpdateAccountBody, type User } from '@campus/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { RequireUser } from '../../app/RequireUser';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { isStudent } from '../auth/roles';
import { useUpdateAccount } from './api/update-account';

export default function ProfilePage() {
  return <RequireUser>{(user) => <Profile user={user} />}</RequireUser>;
}

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col border-b border-slate-100 py-3 sm:flex-row sm:gap-4">
      <dt className="w-40 text-sm font-medium text-slate-500">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** Viewing ⇄ editing (spec §4 "Profile"): Edit switches to inputs, a successful Save returns. */
function Profile({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdateAccount();
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof updateAccountBody>, unknown, UpdateAccountBody>({
    resolver: zodResolver(updateAccountBody),
  });
  const { errors } = formState;

  const startEditing = () => {
    reset({ email: user.email, fullname: user.fullname, semester: String(user.semester), branch: user.branch });
    setSaved(null);
    update.reset();
    setEditing(true);
  };

  return (
    <FormPage title="Profile">
      {saved && <SuccessBanner message={saved} onDismiss={() => setSaved(null)} />}
      <p className="mb-2 mt-4 inline-block rounded-full bg-campus-50 px-3 py-1 text-sm font-semibold text-campus-700">
        {isStudent(user) ? 'Student' : 'Professor'}
      </p>
      {editing ? (
        <form
          noValidate
          className="mt-2 flex flex-col gap-4"
          onSubmit={handleSubmit((body) =>
            update.mutate(body, {
              onSuccess: ({ message }) => {
                setSaved(message || 'Profile updated');
                setEditing(false);
              },
            }),
          )}
        >
          <TextField label="Full name" error={errors.fullname?.message} {...register('fullname')} />
          <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
          <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
          <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
          <ErrorBanner message={update.isError ? errorText(update.error) : null} />
          <div className="flex gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="mt-2">
            <Row label="Full name" value={user.fullname} />
            <Row label="Registration ID" value={user.registrationId} />
            <Row label="Email" value={user.email} />
            <Row label="Semester" value={user.semester} />
            <Row label="Branch" value={user.branch} />
          </dl>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button onClick={startEditing}>Edit</Button>
            <Link to="/update-avatar" className="text-campus-700 underline">
              Change avatar
            </Link>
            <Link to="/change-password" className="text-campus-700 underline">
              Change password
            </Link>
          </div>
        </>
      )}
    </FormPage>
  );
}
