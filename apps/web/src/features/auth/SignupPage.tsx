import { BRANCHES, DEFAULT_BRANCH, FILE_LIMITS, ROLES, SEMESTERS, registerBody, type RegisterBody } from '@campus/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ErrorBanner, SuccessBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, SelectField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { imageProblem } from '../profile/image-file';
import { useRegister } from './api/register';

type Role = 'student' | 'professor';

/** Student signup (userrole 2) and teacher signup (userrole 1): one form, spec §5 rules. */
export function SignupForm({ role }: { role: Role }) {
  const config = usePortalConfig();
  const needsCode = role === 'professor' && config.data?.professorSignupNeedsCode === true;
  const signup = useRegister();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string>();
  const userrole = role === 'student' ? ROLES.STUDENT : ROLES.PROFESSOR;
  const { register, handleSubmit, formState } = useForm<z.input<typeof registerBody>, unknown, RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { registrationId: '', email: '', fullname: '', password: '', semester: '1', branch: DEFAULT_BRANCH, userrole: String(userrole), staffcode: '' },
  });
  const { errors } = formState;

  const checkAvatar = () => {
    const problem = avatar ? imageProblem(avatar, 'avatar', FILE_LIMITS.avatar.maxBytes) : 'avatar is required';
    setAvatarError(problem ?? undefined);
    return !problem;
  };

  const submit = handleSubmit(
    (body) => {
      if (!checkAvatar() || !avatar) return;
      const form = new FormData();
      form.append('registrationId', String(body.registrationId));
      form.append('email', body.email);
      form.append('fullname', body.fullname);
      form.append('password', body.password);
      form.append('semester', String(body.semester));
      form.append('branch', body.branch);
      form.append('userrole', String(userrole));
      if (needsCode && body.staffcode) form.append('staffcode', body.staffcode);
      form.append('avatar', avatar);
      signup.mutate(form);
    },
    () => checkAvatar(),
  );

  if (signup.isSuccess) {
    return (
      <FormPage title={role === 'student' ? 'Student signup' : 'Teacher signup'}>
        <SuccessBanner message={signup.data.message || 'Account created'}>
          <Link to="/login" className="mt-2 inline-block font-medium text-green-900 underline">
            Log in now
          </Link>
        </SuccessBanner>
      </FormPage>
    );
  }

  return (
    <FormPage title={role === 'student' ? 'Student signup' : 'Teacher signup'}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Registration ID" inputMode="numeric" error={errors.registrationId?.message} {...register('registrationId')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Full name" autoComplete="name" error={errors.fullname?.message} {...register('fullname')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
          <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
        </div>
        <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        {needsCode && <PasswordField label="Staff signup code" autoComplete="off" error={errors.staffcode?.message} {...register('staffcode')} />}
        <div className="flex flex-col gap-1">
          <label htmlFor="signup-avatar" className="text-sm font-medium text-slate-700">
            Avatar
          </label>
          <input
            id="signup-avatar"
            type="file"
            accept="image/png,image/jpeg"
            aria-invalid={!!avatarError}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-campus-50 file:px-3 file:py-2 file:text-campus-700"
            onChange={(e) => {
              setAvatar(e.target.files?.[0] ?? null);
              setAvatarError(undefined);
            }}
          />
          {avatarError && <p className="text-sm text-red-700">{avatarError}</p>}
        </div>
        <ErrorBanner message={signup.isError ? errorText(signup.error) : null} />
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Already have an account? <Link className="text-campus-700 underline" to="/login">Log in</Link>
      </p>
    </FormPage>
  );
}

export function StudentSignupPage() {
  return <SignupForm role="student" />;
}
export function TeacherSignupPage() {
  return <SignupForm role="professor" />;
}
