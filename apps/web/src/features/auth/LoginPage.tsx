import { pages } from '@campus/contract/pages';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { FormPage } from '../../components/Page';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import { deferred } from '../../lib/deferred';
import { CHECKS_UNAVAILABLE } from '../../lib/forms';
// Why a campus sign-in was refused, or a session ended, said as a sentence: the words come with this page.
import { sessionEndSentence, signInErrorSentence } from '../../lib/sign-in-words';
import { useLogin } from './api/login';
import { signInHref, useSignInProviders, type SignInProvider } from './api/providers';
import type { LoginCheck, LoginErrors, LoginValues } from './login-checks';
import { isLoggedOutState, returnPathFrom } from './return-to';
import { whySessionEnded } from './session';

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

/** One link per campus sign-in provider: the browser goes to the provider and comes back to `next` signed in. */
function ProviderLinks({ providers, next, primary }: { providers: SignInProvider[]; next: string; primary: boolean }) {
  return (
    <ul aria-label="Campus sign-in" className="flex flex-col gap-3">
      {providers.map((provider) => (
        <li key={provider.id}>
          <a href={signInHref(provider, next)} className={buttonClass(primary ? 'primary' : 'secondary', 'w-full text-center')}>
            Log in with {provider.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

const Or = () => (
  <p className="my-5 flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">or</p>
);

/**
 * Why a campus sign-in was refused (the server sends the browser to `/login?error=<code>`), read
 * once: the address then forgets it, so a reload or a copied link does not say it again.
 * Replacing the entry keeps Back where it was.
 */
function useRefusal(): string | null {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const [refusal] = useState(() => params.get('error'));
  useEffect(() => {
    if (!params.has('error')) return;
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true, state },
    );
  }, [params, setParams, state]);
  return refusal;
}

/**
 * /login: registration id and password (docs/product.md#accounts), then back to the page that sent the visitor
 * here (`?next=`, same-site paths only), or home. With campus sign-in providers, one link each
 * (carrying the same `next`); when only administrators log in with a password
 * (PASSWORD_LOGIN=admins), the providers come first and the password form waits behind
 * "Administrator sign-in".
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const login = useLogin();
  const config = usePortalConfig().data;
  const providers = useSignInProviders();
  const refusal = useRefusal();
  // Why the session ended, when the server said so (deactivated, ended elsewhere, ran out).
  const [ended] = useState(whySessionEnded);
  const supportContact = config?.supportContact ?? null;
  const next = returnPathFrom(search);
  // Only administrators use a password: unless the server names no provider after all, the
  // providers lead and the form is tucked away (the administrators' way in while one is down).
  const adminsOnly = config?.passwordLogin === 'admins' && providers.data?.length !== 0;
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
    login.mutate(result.body, { onSuccess: () => navigate(next, { replace: true }) });
  };

  const campus = (primary: boolean): ReactNode => {
    if (providers.data) return <ProviderLinks providers={providers.data} next={next} primary={primary} />;
    // Without them only administrators could log in: say so, and offer to ask again.
    if (providers.isError && adminsOnly) return <LoadError error={providers.error} onRetry={() => providers.refetch()} retrying={providers.isFetching} />;
    return null;
  };

  const form = (
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
  );

  return (
    <FormPage title="Log in" intro={adminsOnly ? 'Welcome back. Log in with your campus account.' : 'Welcome back. Use the registration ID you signed up with.'}>
      {refusal && !submitted && (
        <div className="mb-4">
          <ErrorBanner message={signInErrorSentence(refusal, supportContact)} />
        </div>
      )}
      {ended && !refusal && !login.isSuccess && (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {sessionEndSentence(ended, supportContact)}
        </p>
      )}
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
      {adminsOnly ? (
        <>
          {campus(true)}
          <details className="mt-6 rounded-lg ring-1 ring-slate-200">
            <summary className="cursor-pointer rounded-lg p-3 font-medium text-campus-700 focus-visible:outline-2 focus-visible:outline-campus-600">Administrator sign-in</summary>
            <div className="px-3 pb-3">{form}</div>
          </details>
        </>
      ) : (
        <>
          {form}
          {providers.data && providers.data.length > 0 && (
            <>
              <Or />
              {campus(false)}
            </>
          )}
        </>
      )}
      {adminsOnly ? (
        <p className="mt-6 text-sm text-slate-600">New here? Log in with your campus account: your account here is made the first time you do.</p>
      ) : signupOpen ? (
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
      {/* Where an invigilator or an employer, with no account, lands: the check of a document the portal signed. */}
      <p className="mt-3 text-sm text-slate-600">
        Checking an admit card or a marksheet?{' '}
        <Link className="font-medium text-campus-700 underline" to={pages.verify}>
          Check a document
        </Link>
      </p>
    </FormPage>
  );
}
