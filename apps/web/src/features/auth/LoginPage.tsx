import { pages } from '@campus/contract/pages';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferred } from '../../lib/deferred';
import { CHECKS_UNAVAILABLE } from '../../lib/forms';
import { useLogin } from './api/login';
import type { LoginCheck, LoginErrors, LoginValues } from './login-checks';
import { isLoggedOutState, returnPathFrom } from './return-to';

/**
 * The contract's loginBody check, fetched when the visitor first focuses the form. Login is the
 * page with a weight budget (well under 120 KB gzipped), so this one small form keeps its own
 * state instead of pulling react-hook-form (~13 KB) and zod (~27 KB) into its first load;
 * the messages are the contract's all the same.
 */
const checks = deferred(() => import('./login-checks'));
const check = async (values: LoginValues): Promise<LoginCheck> => {
  try {
    return (await checks.get()).checkLogin(values);
  } catch {
    return { ok: false, errors: { root: CHECKS_UNAVAILABLE } };
  }
};

const FIELDS = ['registrationId', 'password'] as const;

/**
 * What signup leaves in the navigation state when it could not log the new user in itself (a
 * rate limit, the network): their registration id, so the form opens with it filled in.
 */
export interface SignedUpState {
  signedUp: string;
}
const signedUpId = (state: unknown): string | undefined => {
  const id = (state as Partial<SignedUpState> | null)?.signedUp;
  return typeof id === 'string' ? id : undefined;
};

/**
 * /login: registration id and password (docs/product.md#accounts), then back to the page that sent the visitor
 * here (`?next=`, same-site paths only), or home.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const login = useLogin();
  const config = usePortalConfig().data;
  // Reset links travel by email: without mail on the server, no link to a reset that cannot work.
  const mailEnabled = config?.mailEnabled === true;
  // Signup is offered unless the server says it is closed (SIGNUP=closed), as in the header.
  const signupOpen = config?.signupOpen !== false;
  const signedUp = signedUpId(state);
  const [values, setValues] = useState<LoginValues>({ registrationId: signedUp ?? '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // Like the other forms: fields are checked on submit, then again as they change.
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) void check(next).then((r) => setErrors(r.ok ? {} : r.errors));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const result = await check(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELDS.find((f) => result.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    // Replace: Back from the page reached should not return to a login form.
    login.mutate(result.body, { onSuccess: () => navigate(returnPathFrom(search), { replace: true }) });
  };

  return (
    <FormPage title="Log in" intro="Welcome back. Use the registration ID you signed up with.">
      {signedUp !== undefined && !login.isSuccess && (
        <p role="status" className="mb-4 rounded-lg border border-campus-200 bg-campus-50 p-3 text-campus-900">
          Your account is ready. Enter your password to log in.
        </p>
      )}
      {isLoggedOutState(state) && !login.isSuccess && (
        <p role="status" className="mb-4 rounded-lg border border-campus-200 bg-campus-50 p-3 text-campus-900">
          You have logged out.
        </p>
      )}
      <form noValidate className="flex flex-col gap-4" onFocus={checks.preload} onSubmit={(e) => void submit(e)}>
        <TextField
          ref={(el) => {
            inputs.current.registrationId = el;
          }}
          label="Registration ID"
          name="registrationId"
          inputMode="numeric"
          autoComplete="username"
          value={values.registrationId}
          onChange={(e) => change('registrationId', e.target.value)}
          error={errors.registrationId}
        />
        <PasswordField
          ref={(el) => {
            inputs.current.password = el;
          }}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          error={errors.password}
        />
        {mailEnabled && (
          <p className="-mt-2 text-sm">
            <Link className="font-medium text-campus-700 underline" to={pages.forgotPassword}>
              Forgot password?
            </Link>
          </p>
        )}
        <ErrorBanner message={errors.root ?? (login.isError ? errorText(login.error) : null)} />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      {signupOpen ? (
        <p className="mt-6 text-sm text-slate-600">
          New here?{' '}
          <Link className="font-medium text-campus-700 underline" to={pages.studentSignup}>
            Sign up as a student
          </Link>{' '}
          or{' '}
          <Link className="font-medium text-campus-700 underline" to={pages.teacherSignup}>
            as a professor
          </Link>
          .
        </p>
      ) : (
        <p className="mt-6 text-sm text-slate-600">
          New here? Your account comes from the campus: there is no signing up here.{' '}
          {mailEnabled ? 'If you have never set a password, use “Forgot password?” to set one.' : 'If you cannot log in, ask the campus administration.'}
        </p>
      )}
    </FormPage>
  );
}
