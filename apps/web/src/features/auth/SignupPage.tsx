import { pages } from '@campus/contract/pages';
import { BRANCHES, DEFAULT_BRANCH, DEFAULT_SEMESTER, FILE_LIMITS, ROLES, SEMESTERS } from '@campus/contract/constants';
import type { PortalConfig } from '@campus/contract/config';
import type { RegisterBody, RegisterInput } from '@campus/contract/users';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { FileField, PasswordField, SelectField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { useNavigateWithFlash } from '../../lib/flash';
import { refusalSentence } from '../../lib/words';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferredResolver, fileHint, fileProblem, multipart } from '../../lib/forms';
import { useLogin } from './api/login';
import { useRegister } from './api/register';
import type { SignedUpState } from './LoginPage';

type Role = 'student' | 'professor';

const TITLES: Record<Role, string> = { student: 'Student signup', professor: 'Professor signup' };

/** /student-signup (userrole 2). */
export function StudentSignupPage() {
  return <WhileSignupOpen>{() => <SignupForm role="student" />}</WhileSignupOpen>;
}

/** /teacher-signup (userrole 1): the server's config says whether a staff code is asked for. */
export function TeacherSignupPage() {
  // Without the config, assume no code: the server still refuses a missing one, shown in red.
  return <WhileSignupOpen>{(config) => <SignupForm role="professor" needsStaffCode={config?.professorSignupNeedsCode === true} />}</WhileSignupOpen>;
}

/**
 * Waits for the server's config: with signup closed (SIGNUP=closed) the page says so and how to
 * get in instead of showing a form the server would refuse. Without the config, the form shows:
 * the server still refuses a closed signup, and the refusal is said in red.
 */
function WhileSignupOpen({ children }: { children: (config: PortalConfig | undefined) => ReactNode }) {
  const config = usePortalConfig();
  if (config.isPending) return <Spinner label="Loading signup" />;
  if (config.data?.signupOpen === false) return <SignupClosed mailEnabled={config.data.mailEnabled} />;
  return children(config.data);
}

const LINK = 'font-medium text-campus-700 underline';

function SignupClosed({ mailEnabled }: { mailEnabled: boolean }) {
  return (
    <FormPage title="Signing up is closed">
      <div className="flex flex-col gap-3 text-slate-700">
        <p>Accounts on this portal come from the campus: the registrar adds every student and professor, so there is no signing up here.</p>
        <p>
          If the registrar has added you, your account is ready:{' '}
          <Link className={LINK} to={pages.login}>
            log in
          </Link>{' '}
          with your registration ID.
        </p>
        {mailEnabled ? (
          <p>
            Never set a password? Use{' '}
            <Link className={LINK} to={pages.forgotPassword}>
              Forgot password
            </Link>{' '}
            with your registration ID: a link to set one goes to the email address the campus has for you.
          </p>
        ) : (
          <p>Never set a password? Ask the campus administration for one.</p>
        )}
        <p>Not added yet? Ask the campus administration.</p>
      </div>
    </FormPage>
  );
}

/**
 * One form for both roles, with the rules of the contract's registerBody. A professor
 * is asked for neither semester nor branch: they teach courses of any. The register call still
 * takes both (branch is required on the wire, semester defaults to 1), so the form sends the
 * defaults, DEFAULT_SEMESTER and DEFAULT_BRANCH, which nothing shows or uses for a professor.
 *
 * Signed up, the new user is logged in with the id and password just given and lands on the
 * home page with a welcome; when that login fails (a rate limit, the network), the login form
 * opens with the new registration id filled in.
 */
function SignupForm({ role, needsStaffCode = false }: { role: Role; needsStaffCode?: boolean }) {
  const navigate = useNavigate();
  const navigateWithFlash = useNavigateWithFlash();
  const signup = useRegister();
  const login = useLogin();
  const userrole = role === 'student' ? ROLES.STUDENT : ROLES.PROFESSOR;
  const checks = useMemo(() => deferredResolver(() => import('./signup-checks').then((m) => m.signupResolver(needsStaffCode))), [needsStaffCode]);
  const { register, handleSubmit, formState } = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: checks.resolver,
    defaultValues: {
      registrationId: '',
      email: '',
      fullname: '',
      password: '',
      semester: String(DEFAULT_SEMESTER),
      branch: DEFAULT_BRANCH,
      userrole: String(userrole),
      staffcode: '',
    },
  });
  const { errors } = formState;

  // The file lives beside react-hook-form: it is checked here, then sent as the multipart `avatar`.
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string>();
  const checkAvatar = () => {
    const problem = avatar ? fileProblem(avatar, 'avatar') : refusalSentence({ code: 'avatar_required' });
    setAvatarError(problem ?? undefined);
    return problem === null;
  };

  const submit = handleSubmit(
    (body) => {
      if (!checkAvatar() || !avatar) return;
      signup.mutate(
        multipart({
          registrationId: body.registrationId,
          email: body.email,
          fullname: body.fullname,
          password: body.password,
          semester: role === 'student' ? body.semester : DEFAULT_SEMESTER,
          branch: role === 'student' ? body.branch : DEFAULT_BRANCH,
          userrole,
          staffcode: needsStaffCode ? body.staffcode : undefined,
          avatar,
        }),
        {
          onSuccess: ({ data: user }) =>
            login.mutate(
              { registrationId: body.registrationId, password: body.password },
              {
                onSuccess: () => navigateWithFlash(pages.home, `Welcome, ${user.fullname}. Your account is ready.`, { replace: true }),
                onError: () => navigate(pages.login, { replace: true, state: { signedUp: String(body.registrationId) } satisfies SignedUpState }),
              },
            ),
        },
      );
    },
    // Report the avatar together with the other fields, not only once they are all right.
    () => checkAvatar(),
  );

  return (
    <FormPage title={TITLES[role]} intro={role === 'student' ? 'Join your courses, notes and events.' : 'Create courses, share notes and host events.'}>
      <form noValidate onSubmit={submit} onFocus={checks.preload} className="flex flex-col gap-4">
        <TextField label="Registration ID" inputMode="numeric" autoComplete="username" error={errors.registrationId?.message} {...register('registrationId')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Full name" autoComplete="name" error={errors.fullname?.message} {...register('fullname')} />
        {role === 'student' && (
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <SelectField label="Semester" options={SEMESTERS} error={errors.semester?.message} {...register('semester')} />
            <SelectField label="Branch" options={BRANCHES} error={errors.branch?.message} {...register('branch')} />
          </div>
        )}
        <PasswordField label="Password" autoComplete="new-password" hint="At least 8 characters." error={errors.password?.message} {...register('password')} />
        {needsStaffCode && (
          <PasswordField label="Staff signup code" autoComplete="off" hint="Ask the campus administration for it." error={errors.staffcode?.message} {...register('staffcode')} />
        )}
        <FileField
          label="Avatar"
          accept={FILE_LIMITS.avatar.accept}
          hint={fileHint('avatar')}
          error={avatarError}
          onFile={(file) => {
            setAvatar(file);
            setAvatarError(undefined);
          }}
        />
        <ErrorBanner message={errors.root?.message ?? (signup.isError ? errorText(signup.error) : null)} />
        <Button type="submit" disabled={signup.isPending || signup.isSuccess}>
          {signup.isSuccess ? 'Logging in…' : signup.isPending ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Already have an account?{' '}
        <Link className="font-medium text-campus-700 underline" to={pages.login}>
          Log in
        </Link>
      </p>
    </FormPage>
  );
}
